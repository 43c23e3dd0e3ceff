export { AccountInfoPage } from './components/account-info-page.tsx';
export { ConfirmPage } from './components/confirm-page.tsx';
export { CredentialsPage } from './components/credentials-page.tsx';
export type {
  DashboardConfigFormProps,
  DashboardSettingValues,
} from './components/dashboard-config-form.tsx';
export { DashboardConfigForm } from './components/dashboard-config-form.tsx';
export { ForgetPasswordPage } from './components/forget-password-page.tsx';
export { MfaEnrolmentGate } from './components/mfa-enrolment-gate.tsx';
export { MfaSettingsPage } from './components/mfa-settings-page.tsx';
export { PasswordChangeGate } from './components/password-change-gate.tsx';
export { RegisterPage } from './components/register-page.tsx';
export { ResetPasswordPage } from './components/reset-password-page.tsx';
export { UserSettingsPage } from './components/user-settings-page.tsx';
