import { ADMIN_ROLE } from '@corridor/contract';
import { ActionIcon, Divider, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import {
  type Icon,
  IconChartDots3,
  IconHelp,
  IconLayoutDashboard,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconMap2,
  IconPlayerPlay,
  IconRoute,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLogout, useSessionUser } from '../../api/session.ts';
import { NavItem } from './NavItem.tsx';
import { navGroupName } from './navGroup.ts';

const ICON_SIZE = 20;

interface NavLinkEntry {
  label: string;
  to: string;
  Icon: Icon;
}

interface MainNavProps {
  collapsed: boolean;
  /** Absent where the navigation cannot be expanded. */
  onToggle?: () => void;
}

/** Main navigation (spec 1 §2.2). */
export function MainNav({ collapsed, onToggle }: MainNavProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // On a team's pages the group-scoped entries stay in that team (issue 26); elsewhere they are the user's own.
  const group = `/${encodeURIComponent(navGroupName(pathname, user))}`;
  const toggleLabel = collapsed ? t('nav.expand') : t('nav.collapse');
  const isAdmin = user.roles.includes(ADMIN_ROLE);

  // Three blocks split by separators (spec 1 §2.2); Sign out closes the last one.
  const sections: NavLinkEntry[][] = [
    [
      { label: t('nav.scenarios'), to: `${group}/scenarios`, Icon: IconMap2 },
      { label: t('nav.runs'), to: `${group}/runs`, Icon: IconPlayerPlay },
      { label: t('nav.dashboards'), to: `${group}/dashboards`, Icon: IconLayoutDashboard },
      { label: t('nav.visualizer'), to: `${group}/visualizer`, Icon: IconChartDots3 },
    ],
    [
      { label: t('nav.profile'), to: '/profile', Icon: IconUser },
      ...(isAdmin ? [{ label: t('nav.settings'), to: '/settings', Icon: IconSettings }] : []),
    ],
    [{ label: t('nav.help'), to: '/help', Icon: IconHelp }],
  ];

  const signOut = () => {
    // The session is dropped whether the call succeeds or not (useLogout).
    logout.mutateAsync().catch(() => undefined).finally(() => {
      void navigate('/login', { replace: true });
    });
  };

  return (
    <Stack h="100%" gap="xs" component="nav" aria-label={t('nav.label')}>
      <Group gap="xs" px={collapsed ? 0 : 'xs'} py="xs" justify={collapsed ? 'center' : 'flex-start'}>
        <IconRoute size={26} stroke={1.6} aria-hidden />
        {!collapsed && (
          <Text fw={700} size="lg">
            {t('app.name')}
          </Text>
        )}
      </Group>
      <ScrollArea flex={1} scrollbarSize={6}>
        <Stack gap={2}>
          {sections.map((links, index) => (
            <Stack key={index} gap={2}>
              {index > 0 && <Divider my="xs" />}
              {links.map(({ label, to, Icon }) => (
                <NavItem key={label} collapsed={collapsed} to={to} label={label} icon={<Icon size={ICON_SIZE} />} />
              ))}
            </Stack>
          ))}
          <NavItem collapsed={collapsed} onClick={signOut} label={t('nav.signOut')} icon={<IconLogout size={ICON_SIZE} />} />
        </Stack>
      </ScrollArea>
      {onToggle && (
        <Group justify={collapsed ? 'center' : 'flex-end'}>
          <Tooltip label={toggleLabel} position="right" withArrow>
            <ActionIcon variant="subtle" color="gray" size="lg" onClick={onToggle} aria-label={toggleLabel}>
              {collapsed ? (
                <IconLayoutSidebarLeftExpand size={ICON_SIZE} />
              ) : (
                <IconLayoutSidebarLeftCollapse size={ICON_SIZE} />
              )}
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Stack>
  );
}
