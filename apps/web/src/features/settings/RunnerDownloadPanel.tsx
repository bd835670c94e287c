import type { RunnerToken } from '@corridor/contract';
import { Code, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runnerCommand } from './runnerDefaults.ts';
import { tokenLabel } from './tokenLabel.ts';

/**
 * "Download runner": there is no runner file to download; a runner runs from a checkout of the repository. The
 * panel says how, with this server's address and a token the reader may see filled in.
 */
export function RunnerDownloadPanel({ opened, onClose, tokens }: { opened: boolean; onClose: () => void; tokens: RunnerToken[] }) {
  const { t } = useTranslation();
  const visible = tokens.filter((token) => token.token !== null && !token.embedded);
  const [chosen, setChosen] = useState<string | null>(null);
  const token = visible.find((entry) => String(entry.id) === chosen) ?? visible[0];
  const command = runnerCommand(window.location.origin, token?.token ?? '{token}');
  return (
    <Modal opened={opened} onClose={onClose} title={t('runners.downloadTitle')} size="lg" centered>
      <Stack gap="sm">
        <Text>{t('runners.downloadIntro')}</Text>
        <List type="ordered" spacing="xs">
          <List.Item>{t('runners.downloadStepCheckout')}</List.Item>
          <List.Item>{t('runners.downloadStepToken')}</List.Item>
          <List.Item>{t('runners.downloadStepRun')}</List.Item>
        </List>
        {visible.length > 1 && (
          <Select
            label={t('runners.columns.token')}
            allowDeselect={false}
            data={visible.map((entry) => ({ value: String(entry.id), label: tokenLabel(entry) }))}
            value={token ? String(token.id) : null}
            onChange={setChosen}
          />
        )}
        <Code block aria-label={t('runners.downloadCommand')}>
          {command}
        </Code>
      </Stack>
    </Modal>
  );
}
