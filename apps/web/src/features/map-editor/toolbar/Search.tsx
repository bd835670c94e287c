/**
 * The Select tool's search box (spec 2 §2, §9): node and link ids in the groups Nodes and Links (at most 5 each,
 * 15 in all). Loaded ids match by prefix; an exact id that is not loaded is asked of the server, and choosing it
 * loads it first. Choosing a suggestion selects the feature and flies the map to it. Deleted and added nodes and
 * links are found with their flag (a "deleted" / "added" badge); a deleted one is shown faded, its panel offers the revert.
 */
import { Autocomplete, Badge, Group, Loader } from '@mantine/core';
import { useDebouncedValue, useTimeout } from '@mantine/hooks';
import { deletedEntities, LINK, NODE, type GraphEntity, type GraphReader } from '@corridor/changesets';
import type { NetworkQueryAnswer } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryNetwork } from '../../../api/network.ts';
import { EDITOR_NS } from '../i18n/index.ts';
import { fromAnswer } from '../model/answer.ts';
import { useEditor, useEditorStore } from '../state/context.ts';
import { useEditorEnv } from '../state/env.ts';
import { isDeleted, isKnown } from '../state/network.ts';
import { AUTOCOMPLETE_FOCUS_DELAY_MS, limitGroups, matchingIds, parseSuggestionValue, suggestionFlag, suggestionValue, type SuggestionKind } from './suggestions.ts';

/** Typing settles this long before an id is asked of the server (one request per pause, not per key). */
const SERVER_LOOKUP_DELAY_MS = 300;
/** The id selector's longest id (contract `NetworkIdSelector`). */
const ID_MAX = 200;

/** Which of the id's node and link the server answer holds that the editor does not show yet. */
function remoteHits(answer: NetworkQueryAnswer | undefined, id: string, graph: GraphReader): Set<SuggestionKind> {
  const hits = new Set<SuggestionKind>();
  if (!answer) return hits;
  const { nodes, links } = fromAnswer(answer);
  if (nodes.some((node) => node.id === id) && !isDeleted(graph, NODE, id)) hits.add('node');
  if (links.some((link) => link.id === id) && !isDeleted(graph, LINK, id)) hits.add('link');
  return hits;
}

/** The ids of the kind's live entities, then of the deleted ones (still drawn, faded). */
function* shownIds(graph: GraphReader, kind: string): Iterable<string> {
  for (const entity of graph.entities<GraphEntity>(kind)) yield entity.id;
  for (const { entity } of deletedEntities(kind, graph, graph)) yield entity.id;
}

export function Search() {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const saved = useEditor((state) => state.saved);
  const revision = useEditor((state) => state.dataRevision);
  const { networkFileId } = useEditorEnv();
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState(false);
  // Between focus and the delay's end only typing opens the list (a click into the box would open it at once).
  const waiting = useRef(false);
  const focusDelay = useTimeout(() => {
    waiting.current = false;
    setOpened(true);
  }, AUTOCOMPLETE_FOCUS_DELAY_MS);
  const term = query.trim();
  const [settled] = useDebouncedValue(term, SERVER_LOOKUP_DELAY_MS);
  const loaded = graph.has(NODE, settled) && graph.has(LINK, settled);
  const remote = useQuery({
    queryKey: ['files', networkFileId, 'network-ids', settled] as const,
    queryFn: ({ signal }) => queryNetwork(networkFileId, { type: 'Data', filters: { ids: { links: [settled], nodes: [settled] } } }, signal),
    enabled: settled !== '' && settled.length <= ID_MAX && !loaded,
    staleTime: 60_000,
    retry: false,
  });
  const answer = settled === term ? remote.data : undefined;

  const groups = useMemo(() => {
    const hits = remoteHits(answer, term, graph);
    const exact = (kind: SuggestionKind) => (hits.has(kind) ? [term] : []);
    return limitGroups([
      // Deleted nodes and links are found too (issue 25): they are still drawn, faded, and can be reverted.
      { kind: 'node', ids: [...exact('node'), ...matchingIds(shownIds(graph, NODE), term)] },
      { kind: 'link', ids: [...exact('link'), ...matchingIds(shownIds(graph, LINK), term)] },
    ]);
    // `revision`: loads add ids under the same graph.
  }, [answer, term, graph, revision]);

  const data = groups.map((group) => ({
    group: t(group.kind === 'node' ? 'toolbar.search.nodes' : 'toolbar.search.links'),
    items: group.ids.map((id) => ({ value: suggestionValue(group.kind, id), label: id })),
  }));

  const choose = (value: string) => {
    const chosen = parseSuggestionValue(value);
    if (!chosen) return;
    const isLoaded = isKnown(store.getState().graph, chosen.kind === 'node' ? NODE : LINK, chosen.id);
    if (!isLoaded && answer) store.load(answer, false);
    store.select(
      { type: 'network-links-and-nodes', nodes: chosen.kind === 'node' ? [chosen.id] : [], links: chosen.kind === 'link' ? [chosen.id] : [] },
      { fly: true },
    );
  };

  return (
    <Autocomplete
      size="xs"
      w={220}
      aria-label={t('toolbar.search.label')}
      placeholder={t('toolbar.search.placeholder')}
      leftSection={<IconSearch size={14} aria-hidden />}
      rightSection={remote.isFetching ? <Loader size={12} /> : null}
      value={query}
      onChange={(value) => {
        waiting.current = false;
        setQuery(value);
      }}
      data={data}
      // The groups are already matched and cut to the limits; Mantine's own filter would cut them again.
      filter={({ options }) => options}
      onOptionSubmit={choose}
      renderOption={({ option }) => {
        const chosen = parseSuggestionValue(option.value);
        const flag = chosen && suggestionFlag({ graph, saved }, chosen.kind, chosen.id);
        return (
          <Group gap={6} wrap="nowrap" justify="space-between" w="100%">
            <span>{chosen?.id ?? option.value}</span>
            {flag && (
              <Badge size="xs" variant="light" color={flag === 'deleted' ? 'red' : 'green'}>
                {t(`toolbar.search.${flag}`)}
              </Badge>
            )}
          </Group>
        );
      }}
      // Room for every suggestion with its group labels (10 today) without scrolling.
      maxDropdownHeight={420}
      openOnFocus={false}
      dropdownOpened={opened}
      onDropdownOpen={() => waiting.current || setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onFocus={() => {
        waiting.current = true;
        focusDelay.start();
      }}
      onBlur={() => {
        waiting.current = false;
        focusDelay.clear();
      }}
    />
  );
}
