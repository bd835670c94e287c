/** Network link panel (spec 2 §2): id, direction, reverse / add opposite, the link's fields, Save and Delete. */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { EDIT_KINDS, generateId, LINK, linkOf, linksOfNode, oppositeLink, reverseLink, revertEntries } from '@corridor/changesets';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteChecked } from '../../dialogs/linkUseGuard.ts';
import { useEditor, useEditorStore } from '../../state/context.ts';
import { flagsOf, idTaken, shownLink } from '../../state/network.ts';
import { NO_SELECTION } from '../../state/types.ts';
import { ChangeBadge } from './ChangeBadge.tsx';
import { LinkDirection } from './LinkDirection.tsx';
import { LinkForm } from './LinkForm.tsx';

export function LinkPanel({ linkId }: { linkId: string }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const saved = useEditor((state) => state.saved);
  const revision = useEditor((state) => state.dataRevision);
  const editMode = useEditor((state) => state.editMode);
  const history = useEditor((state) => state.history);
  const deleted = !linkOf(graph, linkId);
  const link = shownLink(graph, linkId);
  const flags = flagsOf({ graph, saved }, LINK, linkId);
  // A deleted link: the revert of the modification that deleted it, when one is possible now.
  const restore = useMemo(() => {
    if (!deleted) return undefined;
    const entry = revertEntries(history.versions, EDIT_KINDS).findLast((candidate) => candidate.steps.some((step) => step.mod.type === 'network/deleteLink' && step.mod.id === linkId));
    return entry?.revert;
    // `revision`: the entries read the base, which grows and shrinks under the same history.
  }, [deleted, history, linkId, revision]);
  // From the node → links index: only the links at the link's end are looked at.
  const hasOpposite = !!link && !deleted && linksOfNode(graph, link.toId).some((other) => other.fromId === link.toId && other.toId === link.fromId);

  if (!link) return <Text c="dimmed" size="sm">{t('panels.link.notLoaded', { id: linkId })}</Text>;
  const editable = editMode && !deleted;

  const addOpposite = () => {
    const id = generateId(idTaken(graph, LINK));
    store.perform(oppositeLink(link, id));
  };
  const remove = () => {
    deleteChecked(store, { type: 'network/deleteLink', id: link.id }, () => store.select(NO_SELECTION));
  };

  return (
    <Paper p="sm" withBorder>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={5}>{t('panels.link.title', { id: link.id })}</Title>
            <LinkDirection fromId={link.fromId} toId={link.toId} />
            <ChangeBadge flags={flags} />
          </Group>
          {editable && (
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => store.perform(reverseLink(link))}>
                {t('panels.link.reverse')}
              </Button>
              {!hasOpposite && (
                <Button size="xs" variant="default" onClick={addOpposite}>
                  {t('panels.link.addOpposite')}
                </Button>
              )}
              <Button size="xs" color="red" variant="light" onClick={remove}>
                {t('panels.link.delete')}
              </Button>
            </Group>
          )}
        </Group>
        {deleted && (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {t('panels.link.deletedHint')}
            </Text>
            {restore && editMode && (
              <Button size="xs" variant="light" onClick={() => store.perform(restore)}>
                {t('sidebar.mods.revert')}
              </Button>
            )}
          </Group>
        )}
        <LinkForm key={link.id} link={link} readOnly={!editable} />
      </Stack>
    </Paper>
  );
}
