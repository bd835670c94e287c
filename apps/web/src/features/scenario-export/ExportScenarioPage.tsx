/** /{group}/{scenario}/export, "Export Scenario" (spec 1 §2.12): loads the scenario's changesets, then the form. */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXPORT_NS } from './i18n/index.ts';
import { useChangesets } from '../../api/changesets.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useCurrentScenario } from '../scenarios/ScenarioContext.ts';
import { ExportScenarioForm } from './ExportScenarioForm.tsx';

export function ExportScenarioPage() {
  const { t } = useTranslation(EXPORT_NS);
  const scenario = useCurrentScenario();
  const changesets = useChangesets(scenario.id);
  if (changesets.isPending) return <PageLoader />;
  return (
    <>
      {/* Without the list the files still export; only the changesets cannot be chosen. */}
      {changesets.isError && (
        <Alert color="yellow" role="alert">
          {t('changesetsError', { message: changesets.error.message })}
        </Alert>
      )}
      <ExportScenarioForm scenario={scenario} changesets={changesets.data ?? []} />
    </>
  );
}
