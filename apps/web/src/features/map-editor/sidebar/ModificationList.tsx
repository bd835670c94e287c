/**
 * The changeset's modification list (issue 25): every saved and unsaved modification as a readable line, newest
 * first, each with "Revert this one" — a NEW modification that restores the earlier values (the history is never
 * rewritten). A revert that is not possible is disabled with its reason. A line's link or node can be chosen: the
 * map shows it (a deleted link faded, its panel says how to get it back).
 */
import { Badge, Button, Group, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { EDIT_KINDS, LINK, NODE, revertEntries, touched, type RevertEntry } from '@corridor/changesets';
import type { NetworkLeafModification } from '@corridor/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditor, useEditorStore } from '../state/context.ts';
import { isKnown } from '../state/network.ts';
import type { EditorStore } from '../state/store.ts';
import { blockText, entryText, type Translate } from './modificationText.ts';

/** The first link or node a modification names (what choosing its line shows). */
function featureOf(entry: RevertEntry): { kind: 'link' | 'node'; id: string } | undefined {
  const { mod } = entry;
  if (!mod.type.startsWith('network/')) return undefined;
  const steps = mod.type === 'network/group' ? mod.modifications : [mod as NetworkLeafModification];
  const refs = steps.map(touched);
  return refs.find((ref) => ref.kind === 'link') ?? refs[0];
}

function show(store: EditorStore, feature: { kind: 'link' | 'node'; id: string }): void {
  if (!isKnown(store.getState().graph, feature.kind === 'link' ? LINK : NODE, feature.id)) return;
  store.select({ type: 'network-links-and-nodes', links: feature.kind === 'link' ? [feature.id] : [], nodes: feature.kind === 'node' ? [feature.id] : [] }, { fly: true });
}

/** Modifications listed at first and added by each "Show more". */
export const MODIFICATIONS_SHOWN = 50;

export function ModificationList() {
  const { t } = useTranslation(EDITOR_NS);
  const say = t as unknown as Translate;
  const store = useEditorStore();
  const history = useEditor((state) => state.history);
  const revision = useEditor((state) => state.dataRevision);
  const editMode = useEditor((state) => state.editMode);
  // One replay of the history from the base; `revision`: the base grows and shrinks under the same history.
  const entries = useMemo(() => revertEntries(history.versions, EDIT_KINDS).reverse(), [history, revision]);
  // The newest first, a page at a time: a changeset of thousands of modifications opens without drawing them all.
  const [shownCount, setShownCount] = useState(MODIFICATIONS_SHOWN);

  return (
    <Stack gap={6} data-testid="modification-list">
      <Title order={3} size="h6">
        {t('sidebar.mods.title')}
      </Title>
      {entries.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('sidebar.mods.empty')}
        </Text>
      )}
      <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none', maxHeight: 320, overflowY: 'auto' }}>
        {entries.slice(0, shownCount).map((entry) => {
          const text = entryText(entry, say);
          const feature = featureOf(entry);
          const reason = !editMode ? t('sidebar.mods.reasons.viewMode') : entry.blocked ? blockText(entry.blocked, say) : undefined;
          const button = (
            <Button
              size="compact-xs"
              variant="light"
              disabled={!entry.revert || !editMode}
              aria-label={t('sidebar.mods.revertLabel', { text })}
              onClick={() => {
                if (!entry.revert) return;
                if (store.perform(entry.revert) === undefined && feature) show(store, feature);
              }}
            >
              {t('sidebar.mods.revert')}
            </Button>
          );
          return (
            <li key={entry.index} data-stage={entry.stage}>
              <Stack gap={2} p={4} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}>
                {feature ? (
                  <UnstyledButton fz="xs" onClick={() => show(store, feature)} style={{ overflowWrap: 'anywhere' }}>
                    {text}
                  </UnstyledButton>
                ) : (
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {text}
                  </Text>
                )}
                <Group gap={4} justify="space-between" wrap="nowrap">
                  <Group gap={4}>
                    <Badge size="xs" variant="light" color={entry.stage === 'saved' ? 'green' : 'orange'}>
                      {t(`sidebar.mods.${entry.stage}`)}
                    </Badge>
                    {entry.revertedBy !== undefined && (
                      <Badge size="xs" variant="outline" color="gray">
                        {t('sidebar.mods.reverted')}
                      </Badge>
                    )}
                  </Group>
                  {reason ? (
                    <Tooltip label={reason} multiline w={240} withArrow>
                      <span tabIndex={0} data-reason={reason}>
                        {button}
                      </span>
                    </Tooltip>
                  ) : (
                    button
                  )}
                </Group>
              </Stack>
            </li>
          );
        })}
      </Stack>
      {entries.length > shownCount && (
        <Button size="compact-xs" variant="subtle" onClick={() => setShownCount((count) => count + MODIFICATIONS_SHOWN)}>
          {t('sidebar.mods.showMore', { count: Math.min(MODIFICATIONS_SHOWN, entries.length - shownCount), total: entries.length })}
        </Button>
      )}
    </Stack>
  );
}
