import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useScenarioTemplates } from '../../api/catalogues.ts';
import { useCreateScenario } from '../../api/scenarios.ts';
import { useSessionUser } from '../../api/session.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { CreateFromMenu } from './CreateFromMenu.tsx';
import { ScenarioFields } from './ScenarioFields.tsx';
import { scenarioAttributes, useScenarioForm } from './scenarioForm.ts';
import { scenarioKeyFromName } from './scenarioKey.ts';
import { scenarioPath } from './scenarioPaths.ts';
import { EMPTY_TEMPLATE, TemplatePicker } from './TemplatePicker.tsx';

/** Scenario creation, /scenarios/add (spec 1 §2.9). */
export function AddScenarioPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const [search] = useSearchParams();
  const preselected = user.teams.find((team) => team.groupName === search.get('group'));
  const [groupId, setGroupId] = useState(String(preselected?.groupId ?? user.groupId));
  const [template, setTemplate] = useState(EMPTY_TEMPLATE);
  const [alert, setAlert] = useState<string>();
  const templates = useScenarioTemplates();
  const create = useCreateScenario();
  const defaultName = t('addScenario.defaultName');
  const scenarioForm = useScenarioForm(
    { name: defaultName, key: scenarioKeyFromName(defaultName), description: '', crs: null, jobType: null },
    true,
  );
  const { form } = scenarioForm;

  const chooseTemplate = (key: string) => {
    setTemplate(key);
    // A template knows its coordinate system; the user's own choice wins.
    const crs = templates.data?.find((entry) => entry.key === key)?.crs;
    if (crs && !form.values.crs) form.setFieldValue('crs', crs);
  };

  const submit = form.onSubmit((values) => {
    setAlert(undefined);
    const team = user.teams.find((entry) => String(entry.groupId) === groupId);
    create.mutate(
      {
        groupId: Number(groupId),
        key: values.key.trim(),
        name: values.name.trim(),
        description: values.description,
        type: 'scenario',
        template,
        attributes: scenarioAttributes(values),
      },
      {
        onSuccess: (answer) =>
          void navigate(scenarioPath({ groupName: team?.groupName ?? user.groupName, key: answer.key })),
        onError: (error) => setAlert(error.message),
      },
    );
  });

  return (
    <Stack gap="lg" maw={760}>
      <Breadcrumbs items={[{ label: t('titles.scenarios'), to: '/scenarios' }, { label: t('titles.addScenario') }]} />
      <Group justify="space-between">
        <Title order={2}>{t('addScenario.heading')}</Title>
        <CreateFromMenu onChoose={() => setAlert(t('addScenario.notImplemented'))} />
      </Group>
      {alert && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setAlert(undefined)}>
          {alert}
        </Alert>
      )}
      <Paper withBorder p="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Select
              label={t('addScenario.team')}
              allowDeselect={false}
              data={user.teams.map((team) => ({ value: String(team.groupId), label: team.groupName }))}
              value={groupId}
              onChange={(value) => value && setGroupId(value)}
            />
            <ScenarioFields scenarioForm={scenarioForm} />
            <TemplatePicker templates={templates.data ?? []} value={template} onChange={chooseTemplate} />
            <Group justify="flex-end" gap="md">
              {create.isPending && (
                <Group gap="xs" role="status">
                  <Loader size="sm" />
                  <Text size="sm">{t('addScenario.creating')}</Text>
                </Group>
              )}
              <Button type="submit" disabled={create.isPending}>
                {t('addScenario.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
