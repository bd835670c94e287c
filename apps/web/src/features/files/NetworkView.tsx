import type { DerivedFile, FileEntry } from '@corridor/contract';
import { Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileUrls, useDerivedFiles } from '../../api/files.ts';
import { isNetworkProcessing, networkJob } from '../../api/scenarios.ts';
import { useCurrentScenario } from '../scenarios/ScenarioContext.ts';

/** Derived files of a network shown by the view, by their type (spec 1 §3). */
const PANELS = [
  { type: 'network-capacity.png', title: 'capacity' },
  { type: 'network-speed.png', title: 'freespeed' },
  { type: 'model-area-screenshot.png', title: 'modelArea' },
] as const;

interface PanelProps {
  title: string;
  fileId: number;
  derived: DerivedFile | undefined;
  waiting: boolean;
  failed: boolean;
}

function PreviewPanel({ title, fileId, derived, waiting, failed }: PanelProps) {
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
          <Center h={200} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }}>
            <Stack align="center" gap="xs">
              {waiting && <Loader size="sm" />}
              <Text size="sm" c="dimmed" ta="center" px="sm">
                {waiting
                  ? t('fileView.previewPending')
                  : failed
                    ? t('fileView.previewFailed')
                    : t('fileView.previewMissing')}
              </Text>
            </Stack>
          </Center>
        )}
      </Stack>
    </Paper>
  );
}

/** Network view: the previews post-processing made of the network (spec 1 §2.13). */
export function NetworkView({ file }: { file: FileEntry }) {
  const { t } = useTranslation();
  const scenario = useCurrentScenario();
  const job = networkJob(scenario);
  // The scenario's job is about this file unless it names another one.
  const aboutThisFile = job?.fileId === undefined || job.fileId === file.id;
  const processing = isNetworkProcessing(scenario) && aboutThisFile;
  const failed = job?.status === 'FAILED' && aboutThisFile;
  const derived = useDerivedFiles(file.id, processing);
  const waiting = processing || derived.isPending;

  return (
    <Stack gap="md">
      <Title order={3}>{t('fileView.network')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        {PANELS.map((panel) => (
          <PreviewPanel
            key={panel.type}
            title={t(`fileView.panels.${panel.title}`)}
            fileId={file.id}
            derived={derived.data?.find((entry) => entry.type === panel.type)}
            waiting={waiting}
            failed={failed}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
