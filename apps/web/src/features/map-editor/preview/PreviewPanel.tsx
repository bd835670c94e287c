/**
 * The bottom area (spec 2 §2 "Tabs"): a tab bar whose first tab, Preview, cannot be closed. The list is data so
 * transit line, DRT and DRT vehicle tabs join it later with their own content and a close action.
 */
import { CloseButton, Group, Tabs } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectionPreview } from './SelectionPreview.tsx';

export interface PreviewTab {
  id: string;
  label: string;
  content: ReactNode;
  /** Absent for tabs that cannot be closed (Preview, DRT). */
  onClose?: () => void;
}

export function PreviewPanel({ extraTabs = [] }: { extraTabs?: readonly PreviewTab[] }) {
  const { t } = useTranslation('editor');
  const tabs: readonly PreviewTab[] = [{ id: 'preview', label: t('panels.tabs.preview'), content: <SelectionPreview /> }, ...extraTabs];
  const [active, setActive] = useState('preview');
  const current = tabs.some((tab) => tab.id === active) ? active : 'preview';
  return (
    <Tabs value={current} onChange={(value) => value && setActive(value)} keepMounted={false}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.id} value={tab.id}>
            <Group gap={4} wrap="nowrap">
              {tab.label}
              {tab.onClose && (
                <CloseButton
                  size="xs"
                  component="span"
                  aria-label={t('panels.tabs.close', { name: tab.label })}
                  onClick={(event) => {
                    event.stopPropagation();
                    tab.onClose?.();
                  }}
                />
              )}
            </Group>
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.id} value={tab.id} p="xs">
          {tab.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
