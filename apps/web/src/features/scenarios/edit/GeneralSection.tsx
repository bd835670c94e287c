import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useUpdateScenario } from '../../../api/scenarios.ts';
import { detectedCrsOf } from '../../../components/CrsDetected.tsx';
import { SaveRow } from '../../../components/SaveRow.tsx';
import { useCurrentScenario } from '../ScenarioContext.ts';
import { ScenarioFields } from '../ScenarioFields.tsx';
import { scenarioAttributes, useScenarioForm } from '../scenarioForm.ts';
import { scenarioPath } from '../scenarioPaths.ts';

/** Name, key, description, CRS and job type (spec 1 §2.11 general). */
export function GeneralSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scenario = useCurrentScenario();
  const update = useUpdateScenario(scenario.id);
  const queryClient = useQueryClient();
  const jobType = scenario.attributes.__jobType;
  const scenarioForm = useScenarioForm(
    {
      name: scenario.name,
      key: scenario.key,
      description: scenario.description,
      crs: scenario.attributes.__crs ?? null,
      jobType: jobType === undefined ? null : String(jobType),
    },
    false,
  );
  const { form } = scenarioForm;

  const submit = form.onSubmit((values) => {
    update.mutate(
      {
        name: values.name.trim(),
        key: values.key.trim(),
        description: values.description,
        attributes: scenarioAttributes(values),
      },
      {
        onSuccess: ({ key }) => {
          form.resetDirty();
          // A new CRS processes the scenario's networks again (issue 24): their map info is asked for anew.
          if (values.crs !== (scenario.attributes.__crs ?? null)) void queryClient.invalidateQueries({ queryKey: ['files'] });
          // A new key is a new address.
          if (key !== scenario.key) void navigate(scenarioPath({ ...scenario, key }, 'edit/general'), { replace: true });
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={640}>
        {update.isError && (
          <Alert color="red" role="alert">
            {update.error.message}
          </Alert>
        )}
        <ScenarioFields scenarioForm={scenarioForm} detected={detectedCrsOf(scenario.attributes)} />
        <SaveRow saved={update.isSuccess && !form.isDirty()} savedText={t('editScenario.saved')} pending={update.isPending} />
      </Stack>
    </form>
  );
}
