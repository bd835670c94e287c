import { ActionIcon, Loader, ThemeIcon, Tooltip } from '@mantine/core';
import {
  type Icon,
  IconCircleCheck,
  IconCircleMinus,
  IconClock,
  IconHelpCircle,
  IconPlayerPlay,
  IconAlertTriangle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Job and run statuses (spec 1 §4); anything else is unknown. */
export const STATUSES = ['CREATED', 'SUBMITTED', 'STARTED', 'FINISHED', 'FAILED', 'CANCELLED'] as const;
export type Status = (typeof STATUSES)[number];

function isStatus(value: string | undefined): value is Status {
  return (STATUSES as readonly (string | undefined)[]).includes(value);
}

// CREATED and SUBMITTED share one icon (spec 1 §4).
const LOOKS: Record<Status | 'unknown', { Icon: Icon; color: string }> = {
  CREATED: { Icon: IconClock, color: 'gray' },
  SUBMITTED: { Icon: IconClock, color: 'gray' },
  STARTED: { Icon: IconPlayerPlay, color: 'blue' },
  FINISHED: { Icon: IconCircleCheck, color: 'teal' },
  FAILED: { Icon: IconAlertTriangle, color: 'red' },
  CANCELLED: { Icon: IconCircleMinus, color: 'gray' },
  unknown: { Icon: IconHelpCircle, color: 'gray' },
};

interface StatusIconProps {
  status: string | undefined;
  /** Replaces the status name as tooltip and accessible name. */
  tooltip?: string;
  /** Makes the icon a download link (e.g. a log file). */
  href?: string;
  /** Shows a spinner while STARTED, for things that are at work right now. */
  spinWhileStarted?: boolean;
}

/** The icon of a job or run status, with its name as tooltip. */
export function StatusIcon({ status, tooltip, href, spinWhileStarted }: StatusIconProps) {
  const { t } = useTranslation();
  const known = isStatus(status) ? status : 'unknown';
  const { Icon, color } = LOOKS[known];
  const label = tooltip ?? t(`status.${known}`);
  const icon =
    spinWhileStarted && known === 'STARTED' ? <Loader size={14} color={color} /> : <Icon size={18} aria-hidden />;
  return (
    <Tooltip label={label} withArrow>
      {href ? (
        <ActionIcon component="a" href={href} download variant="light" color={color} aria-label={label}>
          {icon}
        </ActionIcon>
      ) : (
        <ThemeIcon variant="light" color={color} role="img" aria-label={label}>
          {icon}
        </ThemeIcon>
      )}
    </Tooltip>
  );
}
