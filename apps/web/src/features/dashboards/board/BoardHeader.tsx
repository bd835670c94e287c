import { DASHBOARD_TEMPLATES, type DashboardTemplateKey } from '@corridor/contract';
import { ActionIcon, Button, Group, Loader, Menu, Popover, SegmentedControl, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconLock, IconLockOpen, IconSettings, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { useBoard } from './useBoard.ts';

interface Props {
  board: ReturnType<typeof useBoard>;
  canLock: boolean;
  onToggleLock: () => void;
  templateLoading: DashboardTemplateKey | null;
  onLoadTemplate: (key: DashboardTemplateKey) => void;
}

/** Title, save, 'Autosaved at', Load from Template, size settings and the lock toggle (spec 3 §2.2). */
export function BoardHeader({ board, canLock, onToggleLock, templateLoading, onLoadTemplate }: Props) {
  const { t, i18n } = useTranslation('dashboards');
  const { draft, update, locked, saveState } = board;
  const editable = !locked;
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 240 }}>
        {locked && <IconLock size={22} aria-label={t('board.locked')} />}
        <TextInput
          aria-label={t('board.nameLabel')}
          placeholder={t('board.namePlaceholder')}
          value={draft.name}
          readOnly={locked}
          size="md"
          style={{ flex: 1, maxWidth: 480 }}
          onChange={(event) => {
            const name = event.currentTarget.value;
            update((current) => ({ ...current, name }));
          }}
        />
        {editable && (
          <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={board.saving} onClick={() => void board.save('manual')}>
            {t('board.save')}
          </Button>
        )}
        {saveState.autosavedAt && (
          <Text size="sm" c="dimmed" role="status">
            {t('board.autosavedAt', { time: saveState.autosavedAt.toLocaleTimeString(i18n.language) })}
          </Text>
        )}
      </Group>
      <Group gap="xs">
        {editable && (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={templateLoading ? <Loader size={14} /> : <IconTemplate size={16} aria-hidden />} disabled={templateLoading !== null}>
                {templateLoading ? t('board.loadingTemplate') : t('board.loadTemplate')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {DASHBOARD_TEMPLATES.map((key) => (
                <Menu.Item key={key} onClick={() => onLoadTemplate(key)}>
                  {t(`board.templates.${key}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {editable && (
          <Popover position="bottom-end" withArrow>
            <Popover.Target>
              <Tooltip label={t('board.settings')}>
                <ActionIcon variant="default" size="lg" aria-label={t('board.settings')}>
                  <IconSettings size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('board.size')}
                </Text>
                <SegmentedControl
                  aria-label={t('board.size')}
                  value={draft.options.size}
                  data={[
                    { value: 'normal', label: t('board.sizes.normal') },
                    { value: 'large', label: t('board.sizes.large') },
                  ]}
                  onChange={(value) => update((current) => ({ ...current, options: { ...current.options, size: value === 'large' ? 'large' : 'normal' } }))}
                />
              </Stack>
            </Popover.Dropdown>
          </Popover>
        )}
        {canLock && (
          <Tooltip label={locked ? t('board.unlock') : t('board.lock')}>
            <ActionIcon variant="default" size="lg" aria-label={locked ? t('board.unlock') : t('board.lock')} onClick={onToggleLock}>
              {locked ? <IconLockOpen size={18} aria-hidden /> : <IconLock size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
