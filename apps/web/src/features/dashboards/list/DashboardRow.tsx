import type { Dashboard } from '@corridor/contract';
import { ActionIcon, Anchor, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconLock, IconLockOpen, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/format.ts';

/** What a row asks the list to do; each resolves when the server answered. */
export interface DashboardActions {
  duplicate: (dashboard: Dashboard) => Promise<void>;
  remove: (dashboard: Dashboard) => Promise<void>;
  setLocked: (dashboard: Dashboard, locked: boolean) => Promise<void>;
}

interface DashboardRowProps {
  dashboard: Dashboard;
  to: string;
  actions: DashboardActions;
}

/**
 * One dashboard: its name (Untitled when empty) linking to it, the modification time, and Lock/Unlock (a toggle),
 * Duplicate and Delete with an inline confirm (spec 3 §2.1, §4). A locked dashboard cannot be deleted here.
 */
export function DashboardRow({ dashboard, to, actions }: DashboardRowProps) {
  const { t, i18n } = useTranslation('dashboards', { keyPrefix: 'list' });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'lock' | 'duplicate' | 'delete'>();
  const name = dashboard.name.trim() || t('untitled');
  const run = async (what: 'lock' | 'duplicate' | 'delete', action: () => Promise<void>) => {
    setBusy(what);
    try {
      await action();
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={to} fw={600} fs={dashboard.name.trim() ? undefined : 'italic'}>
            {name}
          </Anchor>
          {dashboard.locked && (
            <Badge size="xs" variant="light" color="gray" leftSection={<IconLock size={10} aria-hidden />}>
              {t('lockedBadge')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(dashboard.modified, i18n.language)}
        </Text>
      </Table.Td>
      <Table.Td>
        {confirming ? (
          <Group gap="xs" wrap="nowrap" role="group" aria-label={t('deleteQuestion')}>
            <Text size="sm">{t('deleteQuestion')}</Text>
            <Button
              size="xs"
              color="red"
              loading={busy === 'delete'}
              onClick={() => void run('delete', () => actions.remove(dashboard)).finally(() => setConfirming(false))}
            >
              {t('delete')}
            </Button>
            <Button size="xs" variant="default" disabled={busy === 'delete'} onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Tooltip label={dashboard.locked ? t('unlock') : t('lock')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t(dashboard.locked ? 'unlockLabel' : 'lockLabel', { name })}
                aria-pressed={dashboard.locked}
                loading={busy === 'lock'}
                onClick={() => void run('lock', () => actions.setLocked(dashboard, !dashboard.locked))}
              >
                {dashboard.locked ? <IconLock size={16} aria-hidden /> : <IconLockOpen size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('duplicate')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('duplicateLabel', { name })}
                loading={busy === 'duplicate'}
                onClick={() => void run('duplicate', () => actions.duplicate(dashboard))}
              >
                <IconCopy size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {/* The span lets the tooltip say why while the button is disabled (a disabled button gets no hover). */}
            <Tooltip label={dashboard.locked ? t('deleteLocked') : t('delete')} withArrow>
              <span>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('deleteLabel', { name })}
                  disabled={dashboard.locked}
                  onClick={() => setConfirming(true)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </span>
            </Tooltip>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
