import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { linksOfNode, NODE, nodeOf } from '@corridor/changesets';
import type { NetworkNode } from '@corridor/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../state/context.ts';
import { flagsOf, shownNode } from '../state/network.ts';
import { NO_SELECTION } from '../state/types.ts';
import { ChangeBadge } from './link/ChangeBadge.tsx';

const FIELDS = ['lng', 'lat'] as const;
const LIMITS = { lng: 180, lat: 90 } as const;
const shown = (node: NetworkNode) => ({ lng: Number(node.lng.toFixed(6)), lat: Number(node.lat.toFixed(6)) });

/**
 * A selected node: id and position (longitude and latitude, edited like the link's fields: committed on leaving a
 * field or Enter, Escape puts the node's values back); Delete only when no link is left on it (spec 2 §4).
 */
export function NodeCard({ nodeId }: { nodeId: string }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const saved = useEditor((state) => state.saved);
  const editMode = useEditor((state) => state.editMode);
  const node = shownNode(graph, nodeId);
  if (!node) return <Text c="dimmed" size="sm">{t('panels.node.notLoaded', { id: nodeId })}</Text>;
  const live = nodeOf(graph, nodeId) !== undefined;
  const free = live && linksOfNode(graph, nodeId).length === 0;
  const editable = editMode && live;
  const remove = () => {
    if (store.perform({ type: 'network/deleteNode', id: nodeId }) === undefined) store.select(NO_SELECTION);
  };
  return (
    <Paper p="sm" withBorder>
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={5}>{t('panels.node.title', { id: node.id })}</Title>
          <ChangeBadge flags={flagsOf({ graph, saved }, NODE, nodeId)} />
        </Group>
        <Text size="sm">{t('panels.node.position', { lon: node.lng.toFixed(6), lat: node.lat.toFixed(6) })}</Text>
        {editable && <NodePosition key={node.id} node={node} />}
        {editMode && free && (
          <Group>
            <Button size="xs" color="red" variant="light" onClick={remove}>
              {t('panels.node.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function NodePosition({ node }: { node: NetworkNode }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const current = shown(node);
  const [values, setValues] = useState<Record<(typeof FIELDS)[number], number | string>>(current);
  const [from, setFrom] = useState(`${current.lng},${current.lat}`);
  if (from !== `${current.lng},${current.lat}`) {
    setFrom(`${current.lng},${current.lat}`);
    setValues(current);
  }
  const errorOf = (field: (typeof FIELDS)[number]) => {
    const value = values[field];
    if (value === '' || !Number.isFinite(Number(value))) return t('panels.errors.required');
    return Math.abs(Number(value)) > LIMITS[field] ? `≤ ${LIMITS[field]}` : undefined;
  };
  const valid = FIELDS.every((field) => !errorOf(field));
  const commit = () => {
    if (!valid) return;
    const lng = Number(values.lng);
    const lat = Number(values.lat);
    if (lng === current.lng && lat === current.lat) return;
    store.perform({ type: 'network/updateNode', id: node.id, lng, lat });
  };
  return (
    <SimpleGrid cols={2} spacing="xs" maw={360}>
      {FIELDS.map((field) => (
        <NumberInput
          key={field}
          size="xs"
          label={t(`panels.node.${field === 'lng' ? 'lon' : 'lat'}`)}
          value={values[field]}
          decimalScale={6}
          clampBehavior="none"
          error={errorOf(field)}
          onChange={(value) => setValues((before) => ({ ...before, [field]: value }))}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
            if (event.key === 'Escape') {
              event.stopPropagation();
              setValues(current);
            }
          }}
        />
      ))}
    </SimpleGrid>
  );
}
