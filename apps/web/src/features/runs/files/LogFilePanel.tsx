import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RunDetails } from '@corridor/contract';
import { fileUrls } from '../../../api/files.ts';
import { sysfileUrls } from '../../../api/runFiles.ts';
import { formatBytes } from '../../../components/format.ts';
import { Section } from '../../../components/Section.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { runLogPath } from './runFilePaths.ts';
import { useRunLog } from './useRunLog.ts';

/** The log file panel of the Files tab: link to the log viewer, size, Download (spec 1 §2.17). */
export function LogFilePanel({ run }: { run: RunDetails }) {
  const { t, i18n } = useTranslation();
  const { sysfiles, log: runnerLog, fileLog } = useRunLog(run);
  // Without a runner log, MATSim's logfile.log among the run's files (an imported run).
  const log = runnerLog ?? fileLog;
  const downloadUrl = runnerLog ? sysfileUrls.download(runnerLog.id) : fileLog ? fileUrls.download(fileLog.id) : '';
  return (
    <Section title={t('runFiles.logHeading')}>
      {sysfiles.isPending && <Text c="dimmed">{t('common.loading')}</Text>}
      {sysfiles.isError && <Text c="red">{t('runFiles.logListFailed')}</Text>}
      {sysfiles.isSuccess && !log && <Text c="dimmed">{t('runFiles.noLog')}</Text>}
      {log && (
        <Group justify="space-between">
          <Group gap="md">
            <Anchor component={Link} to={runLogPath(run.groupName, run.id)}>
              {log.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {formatBytes(log.size, i18n.language)}
            </Text>
          </Group>
          <DownloadButton href={downloadUrl} name={log.name} size="xs" />
        </Group>
      )}
    </Section>
  );
}
