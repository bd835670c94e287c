import { STORAGE_KEYS } from '@corridor/contract';
import { AppShell } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { MainNav } from './MainNav.tsx';

const NAV_WIDTH = 230;
const NAV_WIDTH_COLLAPSED = 64;
const NARROW_SCREEN = '(max-width: 36em)';

/** The shell of the signed-in pages: main navigation on the left, the page on the right. */
export function AppFrame({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useLocalStorage({
    key: STORAGE_KEYS.navCollapsed,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  // Phones keep the icon rail: the full navigation would leave the page too little room.
  const narrow = useMediaQuery(NARROW_SCREEN, false, { getInitialValueInEffect: false });
  const rail = collapsed || narrow;

  return (
    <AppShell padding={narrow ? 'sm' : 'lg'} navbar={{ width: rail ? NAV_WIDTH_COLLAPSED : NAV_WIDTH, breakpoint: 0 }}>
      <AppShell.Navbar p="sm">
        <MainNav
          collapsed={rail}
          onToggle={narrow ? undefined : () => setCollapsed((value) => !value)}
        />
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
