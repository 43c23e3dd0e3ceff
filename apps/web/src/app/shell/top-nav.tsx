import { Button, Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { NavGroupMenu } from './nav-group-menu.tsx';
import { isActivePath, type NavEntry } from './nav-items.ts';

export interface TopNavProps {
  entries: NavEntry[];
}

/** The horizontal menu of the 'topnav' layout, in the header. */
export function TopNav({ entries }: TopNavProps) {
  const { pathname } = useLocation();
  return (
    <Group gap={2} wrap="nowrap" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {entries.map((entry) => {
        if (entry.to) {
          const active = isActivePath(pathname, entry.to);
          return (
            <li key={entry.label}>
              <Button
                component={Link}
                to={entry.to}
                variant={active ? 'light' : 'subtle'}
                size="compact-md"
                aria-current={active ? 'page' : undefined}
              >
                {entry.label}
              </Button>
            </li>
          );
        }
        return (
          <li key={entry.label}>
            <NavGroupMenu
              links={entry.links ?? []}
              position="bottom-start"
              target={
                <Button
                  variant="subtle"
                  size="compact-md"
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                >
                  {entry.label}
                </Button>
              }
            />
          </li>
        );
      })}
    </Group>
  );
}
