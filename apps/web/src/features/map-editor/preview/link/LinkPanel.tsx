/** Network link panel (spec 2 §2): id, direction, reverse / add opposite, the link's fields, Save and Delete. */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { generateId, oppositeLink, reverseLink, revertEntries, type LinkData } from '@corridor/changesets';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteChecked } from '../../dialogs/linkUseGuard.ts';
import { useEditor, useEditorStore } from '../../state/context.ts';
import { NO_SELECTION } from '../../state/types.ts';
import { ChangeBadge } from './ChangeBadge.tsx';
import { LinkDirection } from './LinkDirection.tsx';
import { LinkForm } from './LinkForm.tsx';

export function LinkPanel({ linkId }: { linkId: string }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const network = useEditor((state) => state.network);
  const editMode = useEditor((state) => state.editMode);
  const deleted = !network.links.has(linkId);
  const link: LinkData | undefined = network.links.get(linkId) ?? network.deletedLinks.get(linkId);
  const base = useEditor((state) => state.base);
  const history = useEditor((state) => state.history);
  // A deleted link: the revert of the modification that deleted it, when one is possible now.
  const restore = useMemo(() => {
    if (!deleted) return undefined;
    const entry = revertEntries(base, history, network).findLast((candidate) => candidate.steps.some((step) => step.mod.type === 'network/deleteLink' && step.mod.id === linkId));
    return entry?.revert;
  }, [deleted, base, history, network, linkId]);
  const hasOpposite = useMemo(
    () => !!link && [...network.links.values()].some((other) => other.fromId === link.toId && other.toId === link.fromId),
    [network, link],
  );

  if (!link) return <Text c="dimmed" size="sm">{t('panels.link.notLoaded', { id: linkId })}</Text>;
  const editable = editMode && !deleted;

  const addOpposite = () => {
    const id = generateId((candidate) => network.links.has(candidate) || network.deletedLinks.has(candidate));
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
            <ChangeBadge flags={link.flags} />
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
