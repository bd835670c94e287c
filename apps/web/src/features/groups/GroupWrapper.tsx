import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { errorStatus } from '../../api/client.ts';
import { useGroup } from '../../api/groups.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { GroupContext } from './GroupContext.ts';

/** Group wrapper (spec 1 §2.7): the group must exist and be visible before its pages show. */
export function GroupWrapper() {
  const { t } = useTranslation();
  const { group = '' } = useParams();
  const query = useGroup(group);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    switch (errorStatus(query.error)) {
      case 401:
        return <ErrorState title={t('group.unauthorizedTitle')} message={t('group.unauthorized')} />;
      case 404:
        return <ErrorState title={t('group.notFoundTitle')} message={t('group.notFound')} />;
      default:
        return <ErrorState title={t('group.errorTitle')} message={t('group.error')} />;
    }
  }
  return (
    <GroupContext.Provider value={query.data}>
      <Outlet />
    </GroupContext.Provider>
  );
}
