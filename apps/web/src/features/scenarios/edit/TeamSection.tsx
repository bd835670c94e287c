import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMoveScenario } from '../../../api/scenarios.ts';
import { useSessionUser } from '../../../api/session.ts';
import { useCurrentScenario } from '../ScenarioContext.ts';
import { scenarioPath } from '../scenarioPaths.ts';

/** Move the scenario to another team or the personal group (spec 1 §2.11 team). */
export function TeamSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const scenario = useCurrentScenario();
  const move = useMoveScenario(scenario.id);
  const [team, setTeam] = useState(String(scenario.groupId));
  const teams = user.teams.map((entry) => ({ value: String(entry.groupId), label: entry.groupName }));
  // A scenario of a team the user only reaches through access rights still shows its group.
  if (!teams.some((entry) => entry.value === String(scenario.groupId))) {
    teams.unshift({ value: String(scenario.groupId), label: scenario.groupName });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (team === String(scenario.groupId)) return;
    move.mutate(Number(team), {
      // The key may change in the new group (spec 1 §4): go to the new address.
      onSuccess: (answer) => void navigate(scenarioPath({ groupName: answer.groupName, key: answer.key }), { replace: true }),
    });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md" maw={480}>
        <Text size="sm" c="dimmed">
          {t('editScenario.teamIntro')}
        </Text>
        {move.isError && (
          <Alert color="red" role="alert">
            {move.error.message}
          </Alert>
        )}
        <Select
          label={t('editScenario.team')}
          allowDeselect={false}
          data={teams}
          value={team}
          onChange={(value) => value && setTeam(value)}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={team === String(scenario.groupId)} loading={move.isPending}>
            {t('editScenario.move')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
