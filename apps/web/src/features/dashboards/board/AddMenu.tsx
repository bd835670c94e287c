import { Button, Menu } from '@mantine/core';
import { IconChartBar, IconChevronDown, IconLetterT, IconPlus, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NewPanelKind } from './panels.ts';

/** The grid's 'Add' menu (spec 3 §2.2): Text, Chart, Table. */
export function AddMenu({ onAdd }: { onAdd: (kind: NewPanelKind) => void }) {
  const { t } = useTranslation('dashboards');
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>
          {t('board.add')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLetterT size={16} aria-hidden />} onClick={() => onAdd('text')}>
          {t('board.addText')}
        </Menu.Item>
        <Menu.Item leftSection={<IconChartBar size={16} aria-hidden />} onClick={() => onAdd('chart')}>
          {t('board.addChart')}
        </Menu.Item>
        <Menu.Item leftSection={<IconTable size={16} aria-hidden />} onClick={() => onAdd('table')}>
          {t('board.addTable')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
