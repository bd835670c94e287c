import { RUNNER_BUNDLE_FILE } from '@corridor/contract';
import { Button, Code, List, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { runnerBundleUrl, runnerDownloadCommand } from '../../api/runnerBundle.ts';
import { runnerCommand } from './runnerDefaults.ts';

const COMMAND_STYLE = { wordBreak: 'break-all', whiteSpace: 'pre-wrap' } as const;

/**
 * "Download runner" (spec 3 §2.9, issue 30): the runner bundle from this server (corridor-runner.tgz, Node.js alone),
 * how to fetch and unpack it on the runner machine, and the command that starts it with this server's address and
 * the token in the environment: the token just added when there is one, else a placeholder, as a token's secret is
 * shown only once, when it is added. Administrators add tokens on this page; everyone else asks one.
 */
export function RunnerDownloadPanel({ opened, onClose, token, isAdmin = true }: { opened: boolean; onClose: () => void; token?: string; isAdmin?: boolean }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const command = runnerCommand(origin, token);
  return (
    <Modal opened={opened} onClose={onClose} title={t('runners.downloadTitle')} size="lg" centered>
      <Stack gap="sm">
        <Text>{t('runners.downloadIntro')}</Text>
        <div>
          <Button component="a" href={runnerBundleUrl()} download={RUNNER_BUNDLE_FILE} leftSection={<IconDownload size={16} aria-hidden />} variant="light">
            {t('runners.downloadFile', { file: RUNNER_BUNDLE_FILE })}
          </Button>
        </div>
        <List type="ordered" spacing="xs">
          <List.Item>
            <Stack gap={4}>
              <Text>{t('runners.downloadStepFetch')}</Text>
              <Code block aria-label={t('runners.downloadFetchCommand')} style={COMMAND_STYLE}>
                {runnerDownloadCommand(origin, 'unix')}
              </Code>
            </Stack>
          </List.Item>
          <List.Item>{t(isAdmin ? 'runners.downloadStepToken' : 'runners.downloadStepAskToken')}</List.Item>
          <List.Item>
            <Stack gap={4}>
              <Text>{t('runners.downloadStepRun')}</Text>
              <Code block aria-label={t('runners.downloadCommand')} style={COMMAND_STYLE}>
                {command}
              </Code>
            </Stack>
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {t('runners.downloadSandbox')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('runners.downloadSlurm')}
        </Text>
        <Text size="sm" c="dimmed">
          {t(token ? 'runners.downloadWithToken' : 'runners.downloadOnce')}
        </Text>
      </Stack>
    </Modal>
  );
}
