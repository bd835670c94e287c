import type { ChartItem, DashboardItem, DashboardVariable } from '@corridor/contract';
import { ActionIcon, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize, IconCopy, IconDots, IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartImageSource } from '../chart/index.ts';
import classes from './board.module.css';
import { ChartPanel } from './ChartPanel.tsx';
import { downloadPng } from './download.ts';
import type { Panel } from './panels.ts';
import { TextEditor, TextPanel } from './TextPanel.tsx';

interface Props {
  panel: Panel;
  variables: DashboardVariable[];
  editable: boolean;
  fullscreen: boolean;
  onFullscreen: () => void;
  onChange: (item: DashboardItem) => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onEditChart: (item: ChartItem) => void;
}

/**
 * One panel with its hover menu (spec 3 §2.2, editable panels only): fullscreen, edit, and More with Duplicate,
 * Download (charts only, png) and Delete; Duplicate and Delete are off in fullscreen.
 */
export function PanelView({ panel, variables, editable, fullscreen, onFullscreen, onChange, onDuplicate, onDelete, onEditChart }: Props) {
  const { t } = useTranslation('dashboards');
  const { item } = panel;
  // A new, empty text panel opens in its editor.
  const [editingText, setEditingText] = useState(editable && item.type === 'text' && item.data.text === '');
  const chart = useRef<ChartImageSource | null>(null);
  const title = item.type === 'chart' && item.data.type !== 'table' ? item.data.name : '';

  const edit = () => (item.type === 'text' ? setEditingText(true) : onEditChart(item));
  const className = [classes.panel, editable ? classes.editable : '', fullscreen ? classes.fullscreen : ''].join(' ');
  return (
    <div className={className} data-panel={panel.key}>
      <div className={classes.handle}>
        {item.type === 'chart' && (
          <Text size="sm" fw={500} px="xs" pt={4} truncate>
            {title || (item.data.type !== 'table' ? t('board.panel.untitled') : item.data.name)}
          </Text>
        )}
      </div>
      {editable && !editingText && (
        <Group gap={2} className={classes.menu} role="toolbar" aria-label={t('board.panel.more')}>
          <Tooltip label={fullscreen ? t('board.panel.exitFullscreen') : t('board.panel.fullscreen')}>
            <ActionIcon variant="default" size="sm" aria-label={fullscreen ? t('board.panel.exitFullscreen') : t('board.panel.fullscreen')} onClick={onFullscreen}>
              {fullscreen ? <IconArrowsMinimize size={14} aria-hidden /> : <IconArrowsMaximize size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('board.panel.edit')}>
            <ActionIcon variant="default" size="sm" aria-label={t('board.panel.edit')} onClick={edit}>
              <IconPencil size={14} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="sm" aria-label={t('board.panel.more')}>
                <IconDots size={14} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconCopy size={14} aria-hidden />} disabled={fullscreen} onClick={onDuplicate}>
                {t('board.panel.duplicate')}
              </Menu.Item>
              {item.type === 'chart' && (
                <Menu.Item leftSection={<IconDownload size={14} aria-hidden />} onClick={() => chart.current && downloadPng(chart.current, item.data.name)}>
                  {t('board.panel.download')}
                </Menu.Item>
              )}
              <Menu.Item leftSection={<IconTrash size={14} aria-hidden />} color="red" disabled={fullscreen} onClick={onDelete}>
                {t('board.panel.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
      <div className={classes.body}>
        {item.type === 'text' ? (
          editingText ? (
            <TextEditor
              data={item.data}
              onSave={(data) => {
                onChange({ ...item, data });
                setEditingText(false);
              }}
            />
          ) : (
            <TextPanel data={item.data} />
          )
        ) : (
          <ChartPanel item={item} variables={variables} onInstance={(instance) => (chart.current = instance)} />
        )}
      </div>
    </div>
  );
}
