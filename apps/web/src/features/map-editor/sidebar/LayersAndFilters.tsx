/**
 * Layers and filters (spec 2 §2): the network layers, the Public Transport layer (with a schedule) and the DRT layer on or off, and filters over the link attributes. Fewer than
 * 5 attributes show every filter (dense); otherwise the applied ones are shown and the rest wait under "More
 * attributes". Apply hands the conditions to the store and the map queries again with them.
 */
import { Button, Collapse, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditor, useEditorStore } from '../state/context.ts';
import { useEditorEnv } from '../state/env.ts';
import { DRT_FILE_KINDS } from '../groups/drt/files.ts';
import { FilterField } from './FilterField.tsx';
import { buildConditions, draftFromConditions, filterLayout, sameConditions, type AttributeDraft, type FilterDraft } from './filters.ts';

export function LayersAndFilters() {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const layers = useEditor((state) => state.layers);
  const { transitFile, drtFiles } = useEditorEnv();
  // The DRT switch: with a file of a DRT kind in the scenario, or DRT edits in the changeset.
  const drtOffered = useEditor(
    (state) => state.layers.drt || (drtFiles !== undefined && DRT_FILE_KINDS.some((kind) => drtFiles[kind].length > 0)) || [state.lists.saved, state.lists.unsaved].some((list) => list.some((mod) => mod.type.startsWith('drt/'))),
  );
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {t('sidebar.layers.title')}
      </Title>
      <Switch label={t('sidebar.layers.network')} checked={layers.network} onChange={(event) => store.setLayer('network', event.currentTarget.checked)} />
      <Switch label={t('sidebar.layers.outline')} checked={layers.outline} onChange={(event) => store.setLayer('outline', event.currentTarget.checked)} />
      {transitFile && (
        <Switch label={t('sidebar.layers.transit')} checked={layers.transit} onChange={(event) => store.setLayer('transit', event.currentTarget.checked)} />
      )}
      {drtOffered && <Switch label={t('sidebar.layers.drt')} checked={layers.drt} onChange={(event) => store.setLayer('drt', event.currentTarget.checked)} />}
      <LinkFilters />
    </Stack>
  );
}

function LinkFilters() {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const attributes = useEditor((state) => state.linkAttributes);
  const applied = useEditor((state) => state.filters);
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromConditions(applied));
  const [showMore, setShowMore] = useState(false);
  const layout = filterLayout(attributes, applied);
  const conditions = buildConditions(attributes, draft);
  const field = (name: string) => (next: AttributeDraft) => setDraft({ ...draft, [name]: next });
  const fields = (list: typeof attributes) =>
    list.map((attribute) => <FilterField key={attribute.name} attribute={attribute} draft={draft[attribute.name]} onChange={field(attribute.name)} />);

  return (
    <Stack gap="xs" component="section" aria-label={t('sidebar.filters.title')}>
      <Text size="sm" fw={600}>
        {t('sidebar.filters.title')}
      </Text>
      {attributes.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('sidebar.filters.none')}
        </Text>
      )}
      {fields(layout.shown)}
      {layout.more.length > 0 && (
        <>
          <Button
            variant="subtle"
            size="xs"
            justify="space-between"
            rightSection={<IconChevronDown size={14} aria-hidden style={{ transform: showMore ? 'rotate(180deg)' : undefined }} />}
            aria-expanded={showMore}
            onClick={() => setShowMore(!showMore)}
          >
            {t('sidebar.filters.moreAttributes')}
          </Button>
          <Collapse expanded={showMore}>
            <Stack gap="xs">{fields(layout.more)}</Stack>
          </Collapse>
        </>
      )}
      {attributes.length > 0 && (
        <Group gap="xs" justify="space-between">
          <Text size="xs" c="dimmed">
            {t('sidebar.filters.applied', { count: applied.length })}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              disabled={applied.length === 0 && conditions.length === 0}
              onClick={() => {
                setDraft({});
                store.setFilters([]);
              }}
            >
              {t('sidebar.filters.clear')}
            </Button>
            <Button size="xs" disabled={sameConditions(conditions, applied)} onClick={() => store.setFilters(conditions)}>
              {t('sidebar.filters.apply')}
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
