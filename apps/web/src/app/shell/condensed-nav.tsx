import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { NavGroupMenu } from './nav-group-menu.tsx';
import { isActivePath, type NavEntry } from './nav-items.ts';
import classes from './shell.module.css';

export interface CondensedNavProps {
  entries: NavEntry[];
}

/**
 * The name under an icon, shown only on touch screens (the tablet at a nurses' station), where the tooltips that
 * name the icons never appear; the button's own name is what screen readers read.
 */
function RailLabel({ label }: { label: string }) {
  return (
    <span className={classes.railLabel} aria-hidden>
      {label}
    </span>
  );
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
            <div key={entry.label} className={classes.railItem}>
              <Tooltip label={entry.label} position="right" withArrow>
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
              <RailLabel label={entry.shortLabel ?? entry.label} />
            </div>
          );
        }
        const links = entry.links ?? [];
        const active = links.some((link) => isActivePath(pathname, link.to));
        return (
          <div key={entry.label} className={classes.railItem}>
            <NavGroupMenu
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
            <RailLabel label={entry.shortLabel ?? entry.label} />
          </div>
        );
      })}
    </Stack>
  );
}
