/**
 * A control that is disabled while its DRT group has unsaved changes (spec 2 §2, §8), with the tooltip "Save or
 * discard changes before selecting a new file". A disabled input takes no focus and no pointer events, so the
 * tooltip sits on a wrapper that the keyboard can reach (Tab) and that names the reason for screen readers too.
 */
import { Box, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';

export function Locked({ locked, children }: { locked: boolean; children: ReactNode }) {
  const { t } = useTranslation(EDITOR_NS);
  const id = useId();
  if (!locked) return <>{children}</>;
  const reason = t('drtTab.locked');
  return (
    <Tooltip label={reason} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Box tabIndex={0} aria-describedby={id} data-testid="drt-locked" style={{ cursor: 'not-allowed' }}>
        {children}
        <span id={id} hidden>
          {reason}
        </span>
      </Box>
    </Tooltip>
  );
}
