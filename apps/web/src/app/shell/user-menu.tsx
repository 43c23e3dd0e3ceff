import { Avatar, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { PATHS } from '@/lib/paths.ts';

/** The signed-in user's name and a menu with Settings and Log out. */
export function UserMenu() {
  const user = useCurrentUser();
  const initials = user.displayName
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          leftSection={
            <Avatar size="sm" color="blue" radius="xl" aria-hidden>
              {initials}
            </Avatar>
          }
          rightSection={<IconChevronDown size={14} aria-hidden />}
          data-testid="user-menu-button"
        >
          <Text span size="sm" fw={600} data-testid="user-display-name">
            {user.displayName}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to={PATHS.settings} leftSection={<IconSettings size={16} aria-hidden />}>
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.logout} leftSection={<IconLogout size={16} aria-hidden />}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
