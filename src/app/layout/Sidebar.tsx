import { AppShell, Badge, NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import type { SessionUser } from '../../api/session/session-store';
import { isSidebarItemActive, sidebarItems } from './navigation';
import { useSidebarBadges } from './use-sidebar-badges';

export interface SidebarProps {
  user: SessionUser;
  /** Called after an item is chosen, so the burger menu closes on small screens. */
  onNavigate: () => void;
}

export function Sidebar({ user, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const liveBadge = useSidebarBadges();
  return (
    <AppShell.Section grow component={ScrollArea} p="sm">
      {sidebarItems(user).map((item) => {
        const active = isSidebarItemActive(item, pathname);
        const badge = liveBadge(item.path) ?? item.badge;
        return (
          <NavLink
            key={item.path}
            component={Link}
            to={item.path}
            label={item.label}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
            variant="light"
            styles={{
              root: { borderRadius: 'var(--mantine-radius-md)' },
              label: { fontSize: 'var(--mantine-font-size-md)' },
            }}
            rightSection={
              badge ? (
                <Badge size="sm" variant="filled" color={badge === '!' ? 'red' : undefined}>
                  {badge}
                </Badge>
              ) : undefined
            }
          />
        );
      })}
    </AppShell.Section>
  );
}
