import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isActivePath, type NavEntry } from './nav-items.ts';
import classes from './shell.module.css';

export interface SideNavProps {
  entries: NavEntry[];
  /** Called after a link is followed (closes the mobile navigation). */
  onNavigate?: () => void;
}

/** The full vertical menu: links, and groups that open in place. */
export function SideNav({ entries, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      {entries.map((entry) => {
        const Icon = entry.icon;
        const icon = <Icon size={18} stroke={1.6} aria-hidden />;
        if (entry.to) {
          return (
            <NavLink
              key={entry.label}
              component={Link}
              to={entry.to}
              label={entry.label}
              leftSection={icon}
              active={isActivePath(pathname, entry.to)}
              onClick={onNavigate}
              classNames={{ root: classes.link }}
            />
          );
        }
        const links = entry.links ?? [];
        const hasActive = links.some((link) => isActivePath(pathname, link.to));
        return (
          <NavLink
            key={entry.label}
            component="button"
            type="button"
            label={entry.label}
            leftSection={icon}
            defaultOpened={hasActive}
            classNames={{ root: classes.link }}
          >
            {links.map((link) => (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={link.label}
                active={isActivePath(pathname, link.to)}
                onClick={onNavigate}
                classNames={{ root: classes.link }}
              />
            ))}
          </NavLink>
        );
      })}
    </Stack>
  );
}
