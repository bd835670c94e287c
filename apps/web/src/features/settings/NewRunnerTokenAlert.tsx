import type { CreatedRunnerToken } from '@corridor/contract';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { runnerCommand } from './runnerDefaults.ts';
import { tokenLabel } from './tokenLabel.ts';

/** Spec 1 §9: a copy confirmation shows for 2 seconds. */
const COPIED_MS = 2000;

function CopyText({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={COPIED_MS}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />} onClick={copy}>
          {copied ? t('runners.copied') : label}
        </Button>
      )}
    </CopyButton>
  );
}

/** A token just added: its secret and the runner command with it, shown this once (the server keeps only a hash). */
export function NewRunnerTokenAlert({ token, onDone }: { token: CreatedRunnerToken; onDone: () => void }) {
  const { t } = useTranslation();
  const command = runnerCommand(window.location.origin, token.token);
  return (
    <Alert color="green" role="status" title={t('runners.newToken')}>
      <Stack gap="xs">
        <Text size="sm">{t('runners.newTokenText', { name: tokenLabel(token) })}</Text>
        <Code block aria-label={t('runners.newToken')} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {token.token}
        </Code>
        <Text size="sm">{t('runners.downloadStepRun')}</Text>
        <Code block aria-label={t('runners.downloadCommand')} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {command}
        </Code>
        <Group gap="sm">
          <CopyText value={token.token} label={t('runners.copyToken')} />
          <CopyText value={command} label={t('runners.copyCommand')} />
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t('runners.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
