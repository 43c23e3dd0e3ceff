import { CredentialsPage } from '@/features/account';

/** /settings/specialtyRxNow */
export function SettingsSpecialtyRxNowRoute() {
  return <CredentialsPage />;
}
