/**
 * The toolbar over the map (spec 2 §2 "Toolbar"): the group selector, the active group's tools, undo and redo,
 * Delete while something is selected, Done while drawing a link, Reset while drawing a lasso, and in Select the
 * id search. The buttons run the same tool objects as the keyboard shortcuts (tools.ts, useShortcuts.ts).
 */
import { Group, Paper, SegmentedControl, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconArrowsMove, IconCirclePlus, IconLasso, IconLine, IconPointer, IconTrash } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditor, useEditorStore } from '../state/context.ts';
import type { ToolId } from '../state/types.ts';
import { formatKey, isMacPlatform } from './keys.ts';
import { Search } from './Search.tsx';
import { ToolButton } from './ToolButton.tsx';
import { DELETE, DONE, GROUPS, NETWORK_TOOLS, REDO, RESET, UNDO, activeGroup, type Tool } from './tools.ts';

const ICON = { size: 18, 'aria-hidden': true } as const;

const TOOL_ICONS: Record<ToolId, ReactNode> = {
  select: <IconPointer {...ICON} />,
  addNode: <IconCirclePlus {...ICON} />,
  addLink: <IconLine {...ICON} />,
  moveNode: <IconArrowsMove {...ICON} />,
  lasso: <IconLasso {...ICON} />,
};

export function Toolbar() {
  const { t } = useTranslation(EDITOR_NS);
  const mac = useMemo(() => isMacPlatform(), []);
  const tool = useEditor((state) => state.tool);
  const selected = useEditor((state) => state.selection.type !== 'none');
  const deleteOffered = useEditor((state) => DELETE.available(state));
  const doneOffered = useEditor((state) => DONE.available(state));
  const resetOffered = useEditor((state) => RESET.available(state));

  return (
    <Paper
      shadow="sm"
      p={4}
      withBorder
      pos="absolute"
      top={8}
      left={8}
      style={{ zIndex: 2, maxWidth: 'calc(100% - 16px)' }}
      role="toolbar"
      aria-label={t('toolbar.label')}
    >
      <Group gap={4} wrap="wrap">
        <GroupSelector mac={mac} />
        <Group gap={2} wrap="nowrap">
          {NETWORK_TOOLS.map((entry) => (
            <ToolButton key={entry.id} tool={entry} mac={mac} icon={TOOL_ICONS[entry.id]} pressed={entry.id === tool} />
          ))}
        </Group>
        <Group gap={2} wrap="nowrap">
          <ToolButton tool={UNDO} mac={mac} icon={<IconArrowBackUp {...ICON} />} />
          <ToolButton tool={REDO} mac={mac} icon={<IconArrowForwardUp {...ICON} />} />
          {selected && deleteOffered && <ToolButton tool={DELETE} mac={mac} icon={<IconTrash {...ICON} />} />}
        </Group>
        {doneOffered && <ToolButton tool={DONE} mac={mac} />}
        {resetOffered && <ToolButton tool={RESET} mac={mac} />}
        {tool === 'select' && <Search />}
      </Group>
    </Paper>
  );
}

/**
 * Network, Public Transport and DRT, each while its edit mode is on (spec 2 §2). Only Network exists today, so
 * it shows as a single selected segment; the other groups join GROUPS and appear beside it.
 */
function GroupSelector({ mac }: { mac: boolean }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const editMode = useEditor((state) => state.editMode);
  const current = useEditor(activeGroup);
  const offered: Tool[] = GROUPS.filter((group) => group.available(store.getState()));
  if (!editMode || offered.length === 0) return null;
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('toolbar.groups.label')}
      value={current}
      onChange={(value) => offered.find((group) => group.id === value)?.perform(store)}
      data={offered.map((group) => ({
        value: group.id,
        label: (
          <Tooltip label={`${t(group.label)} (${formatKey(group.keys[0] ?? '', mac)})`} withArrow position="bottom" openDelay={300}>
            <span>{t(group.label)}</span>
          </Tooltip>
        ),
      }))}
    />
  );
}
