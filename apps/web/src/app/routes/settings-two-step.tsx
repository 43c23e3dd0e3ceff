import { MfaSettingsPage } from '@/features/account';

/** /settings/twoStep */
export function SettingsTwoStepRoute() {
  return <MfaSettingsPage />;
}
