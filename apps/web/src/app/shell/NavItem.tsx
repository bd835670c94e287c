import { NavLink, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

interface NavItemProps {
  label: string;
  icon: ReactNode;
  collapsed: boolean;
  /** A link target, or … */
  to?: string;
  /** … an action. */
  onClick?: () => void;
}

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** One entry of the main navigation; collapsed it shows only its icon, with the label as tooltip. */
export function NavItem({ label, icon, collapsed, to, onClick }: NavItemProps) {
  const { pathname } = useLocation();
  const shared = {
    leftSection: icon,
    label: collapsed ? undefined : label,
    'aria-label': collapsed ? label : undefined,
    styles: collapsed ? { section: { marginInlineEnd: 0 } } : undefined,
  };
  const item = to ? (
    <NavLink component={Link} to={to} active={isActive(pathname, to)} {...shared} />
  ) : (
    <NavLink component="button" type="button" onClick={onClick} {...shared} />
  );
  return (
    <Tooltip label={label} position="right" disabled={!collapsed} withArrow>
      {item}
    </Tooltip>
  );
}
