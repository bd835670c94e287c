import { Code, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { runnerCommand } from './runnerDefaults.ts';

/**
 * "Download runner": there is no runner file to download; a runner runs from a checkout of the repository. The
 * panel says how, with this server's address and the token in the environment (issue 26): the token just added when
 * there is one, else a placeholder, as a token's secret is shown only once, when it is added.
 */
export function RunnerDownloadPanel({ opened, onClose, token }: { opened: boolean; onClose: () => void; token?: string }) {
  const { t } = useTranslation();
  const command = runnerCommand(window.location.origin, token);
  return (
    <Modal opened={opened} onClose={onClose} title={t('runners.downloadTitle')} size="lg" centered>
      <Stack gap="sm">
        <Text>{t('runners.downloadIntro')}</Text>
        <List type="ordered" spacing="xs">
          <List.Item>{t('runners.downloadStepCheckout')}</List.Item>
          <List.Item>{t('runners.downloadStepToken')}</List.Item>
          <List.Item>{t('runners.downloadStepRun')}</List.Item>
        </List>
        <Code block aria-label={t('runners.downloadCommand')} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {command}
        </Code>
        <Text size="sm" c="dimmed">
          {t(token ? 'runners.downloadWithToken' : 'runners.downloadOnce')}
        </Text>
      </Stack>
    </Modal>
  );
}
