import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface SectionTabsProps<S extends string> {
  sections: readonly S[];
  /** The section named by the address. */
  current: S;
  label: (section: S) => string;
  /** The address each tab leads to; tabs follow the URL, so reload and back work. */
  pathOf: (section: S) => string;
  color?: (section: S) => string | undefined;
  children: ReactNode;
}

/** Tabs whose selection is a route parameter (profile sections, scenario edit, team settings). */
export function SectionTabs<S extends string>({ sections, current, label, pathOf, color, children }: SectionTabsProps<S>) {
  const navigate = useNavigate();
  return (
    <Tabs value={current} onChange={(value) => value && void navigate(pathOf(value as S))}>
      <Tabs.List>
        {sections.map((section) => (
          <Tabs.Tab key={section} value={section} color={color?.(section)}>
            {label(section)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={current} pt="lg">
        {children}
      </Tabs.Panel>
    </Tabs>
  );
}
