/**
 * One toolbar button for a tool or command: named by its label (aria-label), tooltip with the key and, when it
 * cannot run, the reason. A disabled button stays focusable and hoverable (aria-disabled, not `disabled`) so the
 * reason can be read.
 */
import { ActionIcon, Button, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditor, useEditorStore } from '../state/context.ts';
import { formatKey } from './keys.ts';
import type { Tool } from './tools.ts';

interface Props {
  readonly tool: Tool;
  readonly mac: boolean;
  /** An icon makes a compact icon button; without one the label is written out (Done, Reset). */
  readonly icon?: ReactNode;
  /** Whether the button shows pressed (the active map tool); undefined for commands. */
  readonly pressed?: boolean;
}

export function ToolButton({ tool, mac, icon, pressed }: Props) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const reason = useEditor((state) => tool.disabled(state));
  const label = t(tool.label);
  const key = tool.keys[0];
  const tip = (
    <Stack gap={0}>
      <Text size="xs">{key ? `${label} (${formatKey(key, mac)})` : label}</Text>
      {reason && <Text size="xs" c="dimmed">{t(reason)}</Text>}
    </Stack>
  );
  const common = {
    'aria-label': label,
    'aria-pressed': pressed,
    'aria-disabled': reason ? true : undefined,
    'data-disabled': reason ? true : undefined,
    onClick: () => {
      if (!tool.disabled(store.getState())) tool.perform(store);
    },
  } as const;
  return (
    <Tooltip label={tip} withArrow position="bottom" openDelay={300}>
      {icon ? (
        <ActionIcon variant={pressed ? 'filled' : 'default'} size="lg" {...common}>
          {icon}
        </ActionIcon>
      ) : (
        <Button size="compact-sm" variant="filled" {...common}>
          {label}
        </Button>
      )}
    </Tooltip>
  );
}
