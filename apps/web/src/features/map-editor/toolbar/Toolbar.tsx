/**
 * The toolbar over the map (spec 2 §2 "Toolbar"): the group selector, the active group's tools, undo and redo,
 * Delete while something is selected, Done while drawing a link, Reset while drawing a lasso, and in Select the
 * group's search. The group selector, the tools, their icons and the search come from the edit groups (groups/). The buttons run the same tool objects as the keyboard shortcuts (tools.ts, useShortcuts.ts).
 */
import { Group, Paper, SegmentedControl, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditor, useEditorStore } from '../state/context.ts';
import { EDITOR_GROUPS } from '../groups/index.ts';
import { iconOf, toolbarOf } from '../groups/views.ts';
import { formatKey, isMacPlatform } from './keys.ts';
import { ToolButton } from './ToolButton.tsx';
import { DELETE, DONE, GROUP_MODE_TOOLS, GROUPS, REDO, RESET, UNDO, activeGroup } from './tools.ts';

const ICON = { size: 18, 'aria-hidden': true } as const;

export function Toolbar() {
  const { t } = useTranslation(EDITOR_NS);
  const mac = useMemo(() => isMacPlatform(), []);
  const tool = useEditor((state) => state.tool);
  const group = useEditor(activeGroup);
  const tools = group ? (GROUP_MODE_TOOLS.get(group) ?? []) : [];
  // The active tool's extras: the select tools' searches, transit Edit's line and route search (spec 2 §2).
  const Extra = group ? toolbarOf(tool) : undefined;
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
          {tools.map((entry) => {
            const Icon = iconOf(entry.id);
            return <ToolButton key={entry.id} tool={entry} mac={mac} icon={Icon && <Icon {...ICON} />} pressed={entry.id === tool} />;
          })}
        </Group>
        <Group gap={2} wrap="nowrap">
          <ToolButton tool={UNDO} mac={mac} icon={<IconArrowBackUp {...ICON} />} />
          <ToolButton tool={REDO} mac={mac} icon={<IconArrowForwardUp {...ICON} />} />
          {selected && deleteOffered && <ToolButton tool={DELETE} mac={mac} icon={<IconTrash {...ICON} />} />}
        </Group>
        {doneOffered && <ToolButton tool={DONE} mac={mac} />}
        {resetOffered && <ToolButton tool={RESET} mac={mac} />}
        {Extra && <Extra />}
      </Group>
    </Paper>
  );
}

/**
 * Network, Public Transport and DRT, each while its edit mode is on (spec 2 §2), as the registry lists them
 * (groups/). Only Network exists today, so it shows as a single selected segment; the other groups appear beside it.
 */
function GroupSelector({ mac }: { mac: boolean }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  // The offered ids as one string: a stable value for the store subscription.
  const offeredIds = useEditor((state) => GROUPS.filter((group) => group.available(state)).map((group) => group.id).join(' '));
  const current = useEditor(activeGroup);
  const offered = GROUPS.filter((group) => offeredIds.split(' ').includes(group.id));
  if (offered.length === 0) return null;
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('toolbar.groups.label')}
      value={current ?? ''}
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
