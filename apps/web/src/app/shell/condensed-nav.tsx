import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { NavGroupMenu } from './nav-group-menu.tsx';
import { isActivePath, type NavEntry } from './nav-items.ts';
import classes from './shell.module.css';

export interface CondensedNavProps {
  entries: NavEntry[];
}

/** The icons-only sidebar: each entry is an icon button named for screen readers, groups open a menu. */
export function CondensedNav({ entries }: CondensedNavProps) {
  const { pathname } = useLocation();
  return (
    <Stack gap={6} align="center">
      {entries.map((entry) => {
        const Icon = entry.icon;
        const icon = <Icon size={22} stroke={1.6} aria-hidden />;
        if (entry.to) {
          const active = isActivePath(pathname, entry.to);
          return (
            <Tooltip key={entry.label} label={entry.label} position="right" withArrow>
              <ActionIcon
                component={Link}
                to={entry.to}
                size="xl"
                variant="subtle"
                aria-label={entry.label}
                aria-current={active ? 'page' : undefined}
                data-active={active}
                className={classes.iconButton}
              >
                {icon}
              </ActionIcon>
            </Tooltip>
          );
        }
        const links = entry.links ?? [];
        const active = links.some((link) => isActivePath(pathname, link.to));
        return (
          <NavGroupMenu
            key={entry.label}
            links={links}
            position="right-start"
            target={
              <ActionIcon
                size="xl"
                variant="subtle"
                aria-label={entry.label}
                data-active={active}
                className={classes.iconButton}
              >
                {icon}
              </ActionIcon>
            }
          />
        );
      })}
    </Stack>
  );
}
