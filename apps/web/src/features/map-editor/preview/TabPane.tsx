/**
 * One pane of the bottom area: its tabs (dragged with the browser's own drag and drop, dropped before or after the
 * tab under the pointer, or at the end on the bar), a menu per tab to move or close it from the keyboard, and the
 * active tab's content. An empty pane is one drop target with a hint.
 */
import { ActionIcon, CloseButton, Group, Menu, Tabs, Text } from '@mantine/core';
import { IconArrowsLeftRight, IconDotsVertical, IconX } from '@tabler/icons-react';
import type { DragEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import { otherPane, type PaneId, type PaneState } from './tabModel.ts';

export interface PreviewTab {
  id: string;
  label: string;
  content: ReactNode;
  /** Absent for tabs that cannot be closed (Preview, DRT). */
  onClose?: () => void;
}

/** What a dragged tab carries; other drags (files, text) are not dropped here. */
const TAB_TYPE = 'application/x-corridor-editor-tab';

export interface TabPaneProps {
  pane: PaneId;
  state: PaneState;
  tabs: ReadonlyMap<string, PreviewTab>;
  onActivate(id: string): void;
  onMove(id: string, to: PaneId, index?: number): void;
  onClose(tab: PreviewTab): void;
  /** A tab of this pane starts being dragged (the empty pane then shows as a drop target). */
  onDragStart?(): void;
}

export function TabPane({ pane, state, tabs, onActivate, onMove, onClose, onDragStart }: TabPaneProps) {
  const { t } = useTranslation(EDITOR_NS);
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(TAB_TYPE);
  const allowDrop = (event: DragEvent) => {
    if (!accepts(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  };
  const drop = (event: DragEvent, index?: number) => {
    if (!accepts(event)) return;
    event.preventDefault();
    event.stopPropagation();
    onMove(event.dataTransfer.getData(TAB_TYPE), pane, index);
  };
  /** Before the tab under the pointer, or after it past its middle. */
  const dropOnTab = (event: DragEvent<HTMLElement>, index: number) => {
    const box = event.currentTarget.getBoundingClientRect();
    drop(event, event.clientX > box.left + box.width / 2 ? index + 1 : index);
  };
  const moveLabel = t(pane === 'left' ? 'panels.tabs.moveRight' : 'panels.tabs.moveLeft');
  const shown = state.tabs.flatMap((id) => tabs.get(id) ?? []);

  if (shown.length === 0) {
    return (
      <Group
        justify="center"
        h="100%"
        onDragOver={allowDrop}
        onDrop={(event) => drop(event)}
        style={{ border: '2px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
        data-testid={`editor-pane-${pane}-drop`}
      >
        <Text size="sm" c="dimmed">
          {t('panels.tabs.dropHere')}
        </Text>
      </Group>
    );
  }
  return (
    <Tabs
      value={state.active}
      onChange={(value) => value && onActivate(value)}
      keepMounted={false}
      h="100%"
      style={{ display: 'flex', flexDirection: 'column' }}
      data-pane={pane}
    >
      <Tabs.List onDragOver={allowDrop} onDrop={(event) => drop(event)} aria-label={t(pane === 'left' ? 'panels.tabs.leftPane' : 'panels.tabs.rightPane')}>
        {shown.map((tab, index) => (
          <Group key={tab.id} gap={0} wrap="nowrap">
            <Tabs.Tab
              value={tab.id}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(TAB_TYPE, tab.id);
                event.dataTransfer.effectAllowed = 'move';
                onDragStart?.();
              }}
              onDragOver={allowDrop}
              onDrop={(event) => dropOnTab(event, index)}
            >
              {tab.label}
            </Tabs.Tab>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('panels.tabs.menu', { name: tab.label })}>
                  <IconDotsVertical size={14} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconArrowsLeftRight size={14} aria-hidden />} onClick={() => onMove(tab.id, otherPane(pane))}>
                  {moveLabel}
                </Menu.Item>
                {tab.onClose && (
                  <Menu.Item leftSection={<IconX size={14} aria-hidden />} onClick={() => onClose(tab)}>
                    {t('panels.tabs.closeTab')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
            {tab.onClose && <CloseButton size="sm" aria-label={t('panels.tabs.close', { name: tab.label })} onClick={() => onClose(tab)} />}
          </Group>
        ))}
      </Tabs.List>
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        {shown.map((tab) => (
          <Tabs.Panel key={tab.id} value={tab.id} p="xs">
            {tab.content}
          </Tabs.Panel>
        ))}
      </div>
    </Tabs>
  );
}
