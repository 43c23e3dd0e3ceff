import { AccountInfoPage } from '@/features/account';

/** /settings/account */
export function SettingsAccountRoute() {
  return <AccountInfoPage />;
}
