/**
 * The run's coordinate system on its edit page (issue 24): the CRS its output network is placed with. Saving
 * another one processes the run's networks again (the visualizer's "do not fit" state links here). Where the
 * CRS came from (output_config.xml, the network's attribute) is said below the field.
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataset } from '../../api/scenarios.ts';
import { useUpdateRun } from '../../api/runs.ts';
import { CrsDetected, detectedCrsOf } from '../../components/CrsDetected.tsx';
import { CrsSelect } from '../../components/CrsSelect.tsx';
import { useRunContext } from './RunContext.ts';

export function RunCrsSection() {
  const { t } = useTranslation();
  const run = useRunContext();
  const dataset = useDataset(run.id);
  const update = useUpdateRun(run.id);
  const queryClient = useQueryClient();
  const saved = dataset.data?.attributes.__crs ?? null;
  const [crs, setCrs] = useState<string | null>(saved);
  useEffect(() => setCrs(saved), [saved]);
  if (!dataset.data) return null;
  const save = () =>
    update.mutate(
      { name: run.name, key: run.key, description: run.description, attributes: { __crs: crs ?? undefined } },
      {
        onSuccess: () => {
          void dataset.refetch();
          // The run's networks are processed again: their map data and the visualizer's options change.
          void queryClient.invalidateQueries({ queryKey: ['files'] });
          void queryClient.invalidateQueries({ queryKey: ['visualizer'] });
        },
      },
    );
  return (
    <Stack gap={4} maw={640}>
      <Group align="flex-end" wrap="nowrap">
        <div style={{ flex: 1 }}>
          <CrsSelect value={crs} onChange={setCrs} />
        </div>
        <Button variant="default" onClick={save} disabled={crs === saved || !crs} loading={update.isPending}>
          {t('runs.edit.saveCrs')}
        </Button>
      </Group>
      <CrsDetected detected={detectedCrsOf(dataset.data.attributes)} current={crs} onUse={setCrs} />
      {update.isError && (
        <Alert color="red" role="alert">
          {update.error.message}
        </Alert>
      )}
    </Stack>
  );
}
