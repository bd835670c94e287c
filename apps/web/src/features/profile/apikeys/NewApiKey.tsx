import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PROFILE_NS } from '../i18n/index.ts';

/** Spec 1 §9: the copy confirmation shows for 2 seconds. */
export const COPIED_MS = 2000;

/** The full key, shown once after it was created, with a copy button. */
export function NewApiKey({ description, apiKey, onDone }: { description: string; apiKey: string; onDone: () => void }) {
  const { t } = useTranslation(PROFILE_NS);
  return (
    <Alert color="green" role="status" title={t('apiKeys.newKey')}>
      <Stack gap="xs">
        <Text size="sm">{t('apiKeys.created', { description })}</Text>
        <Code block aria-label={t('apiKeys.newKey')} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {apiKey}
        </Code>
        <Group gap="sm">
          <CopyButton value={apiKey} timeout={COPIED_MS}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />} onClick={copy}>
                {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t('apiKeys.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
