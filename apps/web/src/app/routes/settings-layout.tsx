import { Button, Group, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { PATHS } from '@/lib/paths.ts';

const TABS = [
  { to: PATHS.settingsAccount, label: 'Account Info' },
  { to: PATHS.settingsSpecialtyRxNow, label: 'SpecialtyRx Now' },
  { to: PATHS.settingsUserSettings, label: 'Alerts dashboard configuration' },
  { to: PATHS.settingsTwoStep, label: 'Two-step sign-in' },
];

/** The settings area: a link per settings page (each its own route), styled as tabs. */
export function SettingsLayoutRoute() {
  const { pathname } = useLocation();
  return (
    <Stack>
      <Group component="nav" aria-label="Settings" gap="xs">
        {TABS.map((tab) => {
          const active = tab.to.toLowerCase() === pathname.toLowerCase();
          return (
            <Button
              key={tab.to}
              component={Link}
              to={tab.to}
              variant={active ? 'filled' : 'default'}
              aria-current={active ? 'page' : undefined}
            >
              {tab.label}
            </Button>
          );
        })}
      </Group>
      <Outlet />
    </Stack>
  );
}
