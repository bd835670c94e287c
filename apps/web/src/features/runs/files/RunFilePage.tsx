import type { FileEntry, SystemFile } from '@corridor/contract';
import { Alert, Anchor, Button, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorStatus } from '../../../api/client.ts';
import { fileUrls } from '../../../api/files.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { fetchFileHead } from '../../../api/fileHead.ts';
import { fetchText, sysfileUrls } from '../../../api/runFiles.ts';
import { formatBytes } from '../../../components/format.ts';
import { useRunContext } from '../RunContext.ts';
import { runPath } from '../runPaths.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { TextView } from './TextView.tsx';
import { useRunLog } from './useRunLog.ts';
import { viewerGate, viewerStatus } from './viewerStatus.ts';

interface Viewed {
  /** Distinguishes files from system files in the cache. */
  kind: 'file' | 'log';
  id: number;
  name: string;
  size: number;
  contentUrl: string;
  downloadUrl: string;
}

const fromFile = (file: FileEntry): Viewed => ({
  kind: 'file',
  id: file.id,
  name: file.name,
  size: file.size,
  contentUrl: fileUrls.content(file.id),
  downloadUrl: fileUrls.download(file.id),
});
const fromLog = (log: SystemFile): Viewed => ({
  kind: 'log',
  id: log.id,
  name: log.name,
  size: log.size,
  contentUrl: sysfileUrls.content(log.id),
  downloadUrl: sysfileUrls.download(log.id),
});

/** The viewer states of spec 3 §4 for one file or the log. */
function FileViewer({ viewed, onReload }: { viewed: Viewed; onReload?: () => void }) {
  const { t, i18n } = useTranslation();
  const run = useRunContext();
  const [confirmed, setConfirmed] = useState(false);
  const gate = viewerGate(viewed, confirmed, viewed.kind === 'file');
  const whole = useQuery({
    queryKey: [...queryKeys.run(run.id), 'content', viewed.kind, viewed.id],
    queryFn: ({ signal }) => fetchText(viewed.contentUrl, signal),
    enabled: gate === 'load',
    staleTime: Infinity,
    retry: false,
  });
  // A compressed output (output_events.xml.gz): its decompressed beginning (issue 24).
  const head = useQuery({
    queryKey: [...queryKeys.run(run.id), 'head', viewed.id],
    queryFn: ({ signal }) => fetchFileHead(viewed.id, signal),
    enabled: gate === 'head',
    staleTime: Infinity,
    retry: false,
  });
  const content = gate === 'head' ? { ...head, data: head.data?.text } : whole;
  const status = viewerStatus(gate, content.isPending ? 'pending' : content.isError ? 'error' : 'success');
  const isLog = viewed.kind === 'log';
  const download = <DownloadButton href={viewed.downloadUrl} name={viewed.name} />;
  const reload = () => {
    onReload?.();
    void content.refetch();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={3}>{viewed.name}</Title>
          <Text size="sm" c="dimmed">
            {formatBytes(viewed.size, i18n.language)}
          </Text>
        </Stack>
        <Group gap="xs">
          {isLog && onReload && (
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={content.isFetching} onClick={reload}>
              {t('runFiles.reloadLog')}
            </Button>
          )}
          {download}
        </Group>
      </Group>
      {status === 'loading' && <Loader aria-label={t('common.loading')} />}
      {status === 'compressed' && <Text>{t('runFiles.compressed')}</Text>}
      {status === 'toobig' && <Text>{t('runFiles.tooBig')}</Text>}
      {status === 'bigfile' && (
        <Paper withBorder p="md">
          <Group justify="space-between">
            <Text>{t('runFiles.bigFile', { size: formatBytes(viewed.size, i18n.language) })}</Text>
            <Button onClick={() => setConfirmed(true)}>{t('runFiles.showAnyway')}</Button>
          </Group>
        </Paper>
      )}
      {status === 'image' && (
        <Paper withBorder p="sm" style={{ overflow: 'auto' }}>
          <Image src={viewed.contentUrl} alt={viewed.name} fit="contain" w="auto" maw="100%" />
        </Paper>
      )}
      {status === 'error' && (
        <Alert color="red" role="alert">
          {isLog ? t('runFiles.logLoadFailed') : t('runFiles.fileLoadFailed', { status: errorStatus(content.error) })}
        </Alert>
      )}
      {status === 'content' && head.data && (
        <Text size="sm" c="dimmed">
          {head.data.complete ? t('runFiles.decompressed') : t('runFiles.headOnly', { lines: head.data.lines })}
        </Text>
      )}
      {status === 'content' && content.data !== undefined && <TextView text={content.data} label={viewed.name} jumpTo={isLog} />}
    </Stack>
  );
}

function LogViewer() {
  const { t } = useTranslation();
  const run = useRunContext();
  const { sysfiles, log, fileLog } = useRunLog(run);
  if (sysfiles.isPending) return <Loader aria-label={t('common.loading')} />;
  if (sysfiles.isError) {
    return (
      <Alert color="red" role="alert">
        {t('runFiles.logLoadFailed')}
      </Alert>
    );
  }
  // No runner log: MATSim's logfile.log among the run's files (an imported run).
  if (!log && fileLog) return <FileViewer key={fileLog.id} viewed={fromFile(fileLog)} />;
  if (!log) return <Text c="dimmed">{t('runFiles.noLog')}</Text>;
  return <GrowingLog key={log.id} log={log} refetch={async () => (await sysfiles.refetch()).data?.find((file) => file.id === log.id)} />;
}

/**
 * The log of a running job grows: what is shown stays as it was loaded (the size the limits were checked with)
 * until Reload fetches the newest size and text.
 */
function GrowingLog({ log, refetch }: { log: SystemFile; refetch: () => Promise<SystemFile | undefined> }) {
  const [shown, setShown] = useState(log);
  const reload = async () => setShown((await refetch()) ?? shown);
  return <FileViewer viewed={fromLog(shown)} onReload={() => void reload()} />;
}

/** Single file, /{group}/runs/{id}/file?file={name} or ?logfile=1 (spec 1 §2.17, spec 3 §2.19). */
export function RunFilePage() {
  const { t } = useTranslation();
  const run = useRunContext();
  const [search] = useSearchParams();
  const backToFiles = (
    <Anchor component={Link} to={runPath(run.groupName, run.id, 'files')} size="sm">
      {t('runFiles.backToFiles')}
    </Anchor>
  );

  if (search.get('logfile')) {
    return (
      <Stack gap="md">
        {backToFiles}
        <LogViewer />
      </Stack>
    );
  }
  const name = search.get('file');
  const file = run.files.find((entry) => entry.name === name);
  return (
    <Stack gap="md">
      {backToFiles}
      {file ? <FileViewer key={file.id} viewed={fromFile(file)} /> : <Text c="dimmed">{t('runFiles.fileNotFound', { name: name ?? '' })}</Text>}
    </Stack>
  );
}
