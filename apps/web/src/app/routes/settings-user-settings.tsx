import { UserSettingsPage } from '@/features/account';

/** /settings/userSettings */
export function SettingsUserSettingsRoute() {
  return <UserSettingsPage />;
}
