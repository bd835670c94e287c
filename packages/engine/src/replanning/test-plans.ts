/** Small hand-made persons and plans for the replanning tests. */
import type { Activity, Leg, Person, Plan } from '@corridor/matsim';

export const act = (type: string, link: string, extra: Partial<Activity> = {}): Activity => ({
  kind: 'activity',
  type,
  link,
  ...extra,
});
export const leg = (mode: string): Leg => ({ kind: 'leg', mode });

export function plan(score: number | undefined, selected = false, type?: string): Plan {
  const result: Plan = { selected, elements: [act('h', '1', { endTime: 6 * 3600 }), leg('car'), act('h', '1')] };
  if (score !== undefined) result.score = score;
  if (type !== undefined) result.type = type;
  return result;
}

export function person(id: string, plans: Plan[]): Person {
  return { id, plans };
}
