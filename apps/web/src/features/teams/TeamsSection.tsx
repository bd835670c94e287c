import { Anchor, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../api/session.ts';
import { CreateTeamForm } from './CreateTeamForm.tsx';
import { teamSettingsPath } from './teamPaths.ts';

/** Profile section teams: team, role, Settings (owner) or Details (member), and add a team. */
export function TeamsSection() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Stack gap="lg" maw={720}>
      <Table aria-label={t('teams.heading')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('teams.team')}</Table.Th>
            <Table.Th>{t('teams.role')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {user.teams.map((team) => (
            <Table.Tr key={team.groupId}>
              <Table.Td>{team.groupName}</Table.Td>
              <Table.Td>{t(`teams.roles.${team.role}`)}</Table.Td>
              <Table.Td ta="right">
                {/* The personal team, named like the user, has no settings of its own. */}
                {team.groupId !== user.groupId && (
                  <Anchor component={Link} to={teamSettingsPath(team.groupName)} size="sm">
                    {team.role === 'owner' ? t('teams.settings') : t('teams.details')}
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs">
        <Title order={4}>{t('teams.addHeading')}</Title>
        <CreateTeamForm />
      </Stack>
    </Stack>
  );
}
