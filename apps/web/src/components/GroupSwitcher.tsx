import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../api/session.ts';

interface GroupSwitcherProps {
  /** The group whose page is shown. */
  current: string;
  /** The same page of another group, e.g. `(name) => runsPath(name)`. */
  pathOf: (groupName: string) => string;
}

/**
 * The team switcher of a group's list pages (issue 26): the user's personal group and teams; choosing one opens
 * the same page for it. Hidden for a user without teams.
 */
export function GroupSwitcher({ current, pathOf }: GroupSwitcherProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  if (user.teams.length < 2) return null;
  const data = user.teams.map((team) => ({
    value: team.groupName,
    label: team.groupName === user.groupName ? t('groupSwitcher.personal', { name: team.groupName }) : team.groupName,
  }));
  // An administrator may look at a team they are not in: it is listed too, so the field shows where they are.
  if (!data.some((entry) => entry.value === current)) data.push({ value: current, label: current });
  return (
    <Select
      label={t('groupSwitcher.label')}
      data={data}
      value={current}
      allowDeselect={false}
      onChange={(name) => name && name !== current && void navigate(pathOf(name))}
      maw={260}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
