/**
 * The transit Select's search box (spec 2 §2): stop groups and lines. Choosing a stop group selects its stops and
 * flies to it (zoom 14); choosing a line opens its tab.
 */
import { Autocomplete } from '@mantine/core';
import { stopOf, TRANSIT_STOP } from '@corridor/changesets';
import type { TransitStop } from '@corridor/contract';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { stopGroups } from '../stopGroups.ts';
import { transitSuggestions } from '../search.ts';

export function TransitSearch() {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const revision = useEditor((state) => state.transitRevision);
  const [query, setQuery] = useState('');
  // The stop groups once per graph, not per key typed.
  const groups = useMemo(() => stopGroups(graph.entities<TransitStop>(TRANSIT_STOP)), [graph, revision]);
  const suggestions = useMemo(() => transitSuggestions(graph, query, groups), [graph, query, groups]);
  const data = (['stopGroup', 'line'] as const)
    .map((kind) => ({
      group: t(kind === 'line' ? 'toolbar.transit.lines' : 'toolbar.transit.stops'),
      items: suggestions.filter((each) => each.kind === kind).map((each) => ({ value: `${kind}:${each.id}`, label: each.label })),
    }))
    .filter((group) => group.items.length > 0);

  const choose = (value: string) => {
    const colon = value.indexOf(':');
    const [kind, id] = [value.slice(0, colon), value.slice(colon + 1)];
    setQuery('');
    if (kind === 'line') store.openLine(id);
    else if (stopOf(graph, id)) store.select({ type: 'transit-stop', stops: groups.find((group) => group.id === id)?.stops ?? [id] }, { fly: true });
  };

  return (
    <Autocomplete
      size="xs"
      w={240}
      aria-label={t('toolbar.transit.searchLabel')}
      placeholder={t('toolbar.transit.searchPlaceholder')}
      leftSection={<IconSearch size={14} aria-hidden />}
      value={query}
      onChange={setQuery}
      data={data}
      filter={({ options }) => options}
      onOptionSubmit={choose}
    />
  );
}
