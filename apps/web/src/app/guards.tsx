import { ADMIN_ROLE } from '@corridor/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession, useSessionUser } from '../api/session.ts';
import { ErrorState } from '../components/ErrorState.tsx';

/** Where the login page sends the user once signed in. */
export interface LoginState {
  from?: string;
}

/** Navigation guard (spec 1 §2.1): signed-in routes send a signed-out visitor to /login. */
export function RequireSignedIn() {
  const { data } = useSession();
  const location = useLocation();
  if (data?.status !== 'signedIn') {
    const from = location.pathname === '/' ? undefined : location.pathname + location.search;
    return <Navigate to="/login" replace state={{ from } satisfies LoginState} />;
  }
  return <Outlet />;
}

/**
 * The administration pages (spec 3 §2.8, §6; issue 26): anyone without the role admin gets the spec's "Sorry,
 * nope... You are not authorized to view this page." in the page's place — never a form whose calls the server
 * refuses. The page's chunk is not even loaded.
 */
export function RequireAdmin() {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user.roles.includes(ADMIN_ROLE)) return <ErrorState title={t('group.unauthorizedTitle')} message={t('group.unauthorized')} />;
  return <Outlet />;
}

/** `/runs` (issue 26): the signed-in user's own runs, /{personal group}/runs. */
export function OwnRunsRedirect() {
  const user = useSessionUser();
  return <Navigate to={`/${encodeURIComponent(user.groupName)}/runs`} replace />;
}
