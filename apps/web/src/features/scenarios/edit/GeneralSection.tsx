import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUpdateScenario } from '../../../api/scenarios.ts';
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
        <ScenarioFields scenarioForm={scenarioForm} />
        <Group justify="flex-end" gap="sm">
          {update.isSuccess && !form.isDirty() && (
            <Group gap={4} c="teal" role="status">
              <IconCheck size={16} aria-hidden />
              <Text size="sm">{t('editScenario.saved')}</Text>
            </Group>
          )}
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
