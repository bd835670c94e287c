import type { GroupFindAnswer } from '@corridor/contract';
import { createContext, useContext } from 'react';

export const GroupContext = createContext<GroupFindAnswer | undefined>(undefined);

/** The group of the current /{group}/… page; only below the group wrapper. */
export function useCurrentGroup(): GroupFindAnswer {
  const group = useContext(GroupContext);
  if (!group) throw new Error('useCurrentGroup outside the group wrapper');
  return group;
}

/** The group of the page, or undefined outside /{group}/… (e.g. /scenarios). */
export function useOptionalGroup(): GroupFindAnswer | undefined {
  return useContext(GroupContext);
}
