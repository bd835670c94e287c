import { STORAGE_KEYS } from '@corridor/contract';
import { AppShell } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { MainNav } from './MainNav.tsx';

const NAV_WIDTH = 230;
const NAV_WIDTH_COLLAPSED = 64;

/** The shell of the signed-in pages: main navigation on the left, the page on the right. */
export function AppFrame({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useLocalStorage({
    key: STORAGE_KEYS.navCollapsed,
    defaultValue: false,
    getInitialValueInEffect: false,
  });

  return (
    <AppShell
      padding="lg"
      navbar={{ width: collapsed ? NAV_WIDTH_COLLAPSED : NAV_WIDTH, breakpoint: 0 }}
    >
      <AppShell.Navbar p="sm">
        <MainNav collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}

export function AppLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}
