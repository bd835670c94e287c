/**
 * The collapsible right sidebar (spec 2 §2 Layout): change management, then layers and filters. Collapsing only
 * hides the blocks: they stay mounted, so a changeset opened from the address, an open dialog or a filter draft
 * survive a collapse.
 */
import { ActionIcon, Box, Divider, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { IconLayoutSidebarRightCollapse, IconLayoutSidebarRightExpand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import { ChangeManagement } from './ChangeManagement.tsx';
import { LayersAndFilters } from './LayersAndFilters.tsx';

export const SIDEBAR_WIDTH = 300;

export function Sidebar() {
  const { t } = useTranslation(EDITOR_NS);
  const [open, setOpen] = useState(true);
  const label = open ? t('sidebar.collapse') : t('sidebar.expand');
  return (
    <Box
      component="aside"
      style={{ display: 'flex', flexDirection: 'column', width: open ? SIDEBAR_WIDTH : 'auto', flexShrink: 0, borderLeft: '1px solid var(--mantine-color-default-border)', minHeight: 0 }}
    >
      <Box p={4} style={{ display: 'flex', justifyContent: open ? 'flex-start' : 'center' }}>
        <Tooltip label={label} withArrow>
          <ActionIcon variant="subtle" aria-label={label} aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? <IconLayoutSidebarRightCollapse size={18} aria-hidden /> : <IconLayoutSidebarRightExpand size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Box>
      <ScrollArea style={{ flex: 1, display: open ? undefined : 'none' }} type="auto">
        <Stack gap="md" p="sm" pt={0}>
          <ChangeManagement />
          <Divider />
          <LayersAndFilters />
        </Stack>
      </ScrollArea>
    </Box>
  );
}
