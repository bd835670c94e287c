import { ADMIN_ROLE } from '@corridor/contract';
import { ActionIcon, Divider, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import {
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
import { useNavigate } from 'react-router';
import { useLogout, useSessionUser } from '../../api/session.ts';
import { NavItem } from './NavItem.tsx';

const ICON_SIZE = 20;

interface MainNavProps {
  collapsed: boolean;
  onToggle: () => void;
}

/** Main navigation (spec 1 §2.2). */
export function MainNav({ collapsed, onToggle }: MainNavProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const group = `/${encodeURIComponent(user.groupName)}`;
  const toggleLabel = collapsed ? t('nav.expand') : t('nav.collapse');

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
          <NavItem collapsed={collapsed} to={`${group}/scenarios`} label={t('nav.scenarios')} icon={<IconMap2 size={ICON_SIZE} />} />
          <NavItem collapsed={collapsed} to={`${group}/runs`} label={t('nav.runs')} icon={<IconPlayerPlay size={ICON_SIZE} />} />
          <NavItem collapsed={collapsed} to={`${group}/dashboards`} label={t('nav.dashboards')} icon={<IconLayoutDashboard size={ICON_SIZE} />} />
          <NavItem collapsed={collapsed} to={`${group}/visualizer`} label={t('nav.visualizer')} icon={<IconChartDots3 size={ICON_SIZE} />} />
          <Divider my="xs" />
          <NavItem collapsed={collapsed} to="/profile" label={t('nav.profile')} icon={<IconUser size={ICON_SIZE} />} />
          {user.roles.includes(ADMIN_ROLE) && (
            <NavItem collapsed={collapsed} to="/settings" label={t('nav.settings')} icon={<IconSettings size={ICON_SIZE} />} />
          )}
          <Divider my="xs" />
          <NavItem collapsed={collapsed} to="/help" label={t('nav.help')} icon={<IconHelp size={ICON_SIZE} />} />
          <NavItem collapsed={collapsed} onClick={signOut} label={t('nav.signOut')} icon={<IconLogout size={ICON_SIZE} />} />
        </Stack>
      </ScrollArea>
      <Group justify={collapsed ? 'center' : 'flex-end'}>
        <Tooltip label={toggleLabel} position="right" withArrow>
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={onToggle} aria-label={toggleLabel}>
            {collapsed ? <IconLayoutSidebarLeftExpand size={ICON_SIZE} /> : <IconLayoutSidebarLeftCollapse size={ICON_SIZE} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}
