import type { SessionUser } from '@corridor/contract';

/**
 * The group the main navigation's group-scoped links (Scenarios, Runs, Dashboards, Visualizer) point to (issue
 * 26): the group of the page shown when it is one of the user's (their personal group or a team), otherwise the
 * personal group. So "Runs" on a team's page lists the team's runs.
 */
export function navGroupName(pathname: string, user: Pick<SessionUser, 'groupName' | 'teams'>): string {
  const first = pathname.split('/')[1] ?? '';
  let name: string;
  try {
    name = decodeURIComponent(first);
  } catch {
    return user.groupName;
  }
  return user.teams.some((team) => team.groupName === name) ? name : user.groupName;
}

