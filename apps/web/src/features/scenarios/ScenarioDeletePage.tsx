import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDeleteScenario } from '../../api/scenarios.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { useCurrentScenario } from './ScenarioContext.ts';
import { groupPath, scenarioPath } from './scenarioPaths.ts';

/** /{group}/{scenario}/delete (spec 1 §2.11 delete). */
export function ScenarioDeletePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const scenario = useCurrentScenario();
  const remove = useDeleteScenario(scenario.id);

  // Back where the user came from; straight to the overview when the page was opened directly.
  const cancel = () => void (location.key === 'default' ? navigate(scenarioPath(scenario)) : navigate(-1));
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => void navigate(`${groupPath(scenario.groupName)}/scenarios`, { replace: true }),
    });

  return (
    <Paper withBorder p="lg" maw={640} style={{ borderColor: 'var(--mantine-color-red-filled)' }}>
      <ConfirmDelete
        checkboxLabel={t('deleteScenario.confirm')}
        onConfirm={confirm}
        onCancel={cancel}
        pending={remove.isPending}
        error={remove.error?.message}
      >
        <Stack gap="xs">
          <Title order={2}>{t('deleteScenario.heading', { name: scenario.name })}</Title>
          <Text>{t('deleteScenario.intro')}</Text>
          <List size="sm">
            <List.Item>{t('deleteScenario.dataDeleted')}</List.Item>
            <List.Item>{t('deleteScenario.runsKept')}</List.Item>
          </List>
          <Text fw={700} c="red">
            {t('deleteScenario.irreversible')}
          </Text>
        </Stack>
      </ConfirmDelete>
    </Paper>
  );
}
