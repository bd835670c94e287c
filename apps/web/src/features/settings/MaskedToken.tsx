import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 1 §9: a copy confirmation shows for 2 seconds. */
const COPIED_MS = 2000;
const MASK = '••••••••••••';

/**
 * A runner token as the Runners page shows it (issue 25): masked until "Show" is pressed, copied whole by "Copy"
 * without being shown. `name` tells the buttons apart for screen readers (the token's description or number).
 */
export function MaskedToken({ token, name }: { token: string; name: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const toggle = shown ? t('runners.hideToken', { name }) : t('runners.showToken', { name });
  return (
    <Group gap={4} wrap="nowrap">
      <Code data-testid="runner-token" style={{ whiteSpace: 'nowrap' }} aria-label={shown ? undefined : t('runners.maskedToken', { name })}>
        {shown ? token : MASK}
      </Code>
      <Tooltip label={toggle}>
        <ActionIcon variant="subtle" size="sm" aria-label={toggle} aria-pressed={shown} onClick={() => setShown(!shown)}>
          {shown ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <CopyButton value={token} timeout={COPIED_MS}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('runners.tokenCopied') : t('runners.copyToken', { name })}>
            <ActionIcon variant="subtle" size="sm" color={copied ? 'teal' : undefined} aria-label={copied ? t('runners.tokenCopied') : t('runners.copyToken', { name })} onClick={copy}>
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
