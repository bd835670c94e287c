import { Badge } from '@mantine/core';
import type { ChangeFlags } from '@corridor/changesets';
import { useTranslation } from 'react-i18next';

type Change = 'added' | 'modified' | 'deleted';
const COLOURS: Record<Change, string> = { added: 'green', modified: 'orange', deleted: 'red' };

/** The change a feature carries (spec 2 §4 diff marking): unsaved edits win over the saved changeset's. */
export function changeState(flags: ChangeFlags | undefined): { change: Change; saved: boolean } | undefined {
  if (!flags) return undefined;
  for (const change of ['deleted', 'added', 'modified'] as const) if (flags[change]) return { change, saved: false };
  if (flags.savedDeleted) return { change: 'deleted', saved: true };
  if (flags.savedAdded) return { change: 'added', saved: true };
  if (flags.savedModified) return { change: 'modified', saved: true };
  return undefined;
}

export function ChangeBadge({ flags }: { flags: ChangeFlags | undefined }) {
  const { t } = useTranslation('editor');
  const state = changeState(flags);
  if (!state) return null;
  return (
    <Badge color={COLOURS[state.change]} variant={state.saved ? 'light' : 'filled'}>
      {t(`panels.change.${state.change}`)} · {t(state.saved ? 'panels.change.saved' : 'panels.change.unsaved')}
    </Badge>
  );
}
