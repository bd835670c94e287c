import type { DerivedFile, FileEntry } from '@corridor/contract';
import { Alert, Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileUrls, useDerivedFiles } from '../../api/files.ts';
import { isNetworkProcessing, networkJob } from '../../api/scenarios.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useCurrentScenario } from '../scenarios/ScenarioContext.ts';
import { jobAboutFile, networkViewState, type NetworkViewState } from './networkViewState.ts';

/** Derived files of a network shown by the view, by their type (spec 1 §3). */
const PANELS = [
  { type: 'network-capacity.png', title: 'capacity' },
  { type: 'network-speed.png', title: 'freespeed' },
  { type: 'model-area-screenshot.png', title: 'modelArea' },
] as const;

function PreviewPanel({ title, fileId, derived }: { title: string; fileId: number; derived: DerivedFile | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" component="figure" m={0} aria-label={title}>
      <Stack gap="xs">
        <Text fw={600} component="figcaption">
          {title}
        </Text>
        {derived ? (
          <img
            src={fileUrls.derived(fileId, derived.filename)}
            alt={title}
            loading="lazy"
            style={{ width: '100%', display: 'block', borderRadius: 4 }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('fileView.previewMissing')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The network has no previews yet: why, in one clear place instead of three empty images. */
function NotProcessed({ state, fileId }: { state: Exclude<NetworkViewState, { kind: 'previews' }>; fileId: number }) {
  const { t } = useTranslation();
  if (state.kind === 'failed') {
    return (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('fileSummary.network.failedTitle')} role="alert">
        <Stack gap="xs">
          <Text size="sm">{state.message ?? t('fileSummary.network.failedText')}</Text>
          <Anchor href={fileUrls.derived(fileId, state.logFile)} target="_blank" rel="noreferrer" size="sm">
            {t('fileSummary.network.showLog')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const processing = state.kind === 'processing';
  return (
    <Alert color={processing ? 'blue' : 'gray'} icon={<IconClockHour4 aria-hidden />} title={t('fileSummary.network.notProcessedTitle')} role="status">
      <Group gap="xs" wrap="nowrap">
        {processing && <Loader size="xs" />}
        <Text size="sm">{processing ? t('fileSummary.network.processing') : t('fileSummary.network.notProcessed')}</Text>
      </Group>
    </Alert>
  );
}

/** Network view: the previews post-processing made of the network (spec 1 §2.13). */
export function NetworkView({ file }: { file: FileEntry }) {
  const { t } = useTranslation();
  const scenario = useCurrentScenario();
  const job = jobAboutFile(networkJob(scenario), file.id);
  const processing = job !== undefined && isNetworkProcessing(scenario);
  const derived = useDerivedFiles(file.id, processing);
  const state = networkViewState(job, (derived.data ?? []).map((entry) => entry.type));

  return (
    <Stack gap="md">
      <Title order={3}>{t('fileView.network')}</Title>
      {derived.isPending ? (
        <PageLoader />
      ) : state.kind !== 'previews' ? (
        <NotProcessed state={state} fileId={file.id} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {PANELS.map((panel) => (
            <PreviewPanel
              key={panel.type}
              title={t(`fileView.panels.${panel.title}`)}
              fileId={file.id}
              derived={derived.data?.find((entry) => entry.type === panel.type)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
