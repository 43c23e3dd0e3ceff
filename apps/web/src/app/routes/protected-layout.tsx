// biome-ignore lint/style/noRestrictedImports: the provider openConfirmModal (components/open-modal.tsx) opens its confirmations in.
import { ModalsProvider } from '@mantine/modals';
import { MfaEnrolmentGate, PasswordChangeGate } from '@/features/account';
import { RequireAuth } from '@/features/auth';
import { AppLayout } from '../shell/app-layout.tsx';

/**
 * Every signed-in page: the session guard around the shell. Confirmation modals live here, not in the root
 * providers, so the sign-in page does not load them. A password set by an administrator is replaced first, then
 * two-step sign-in is set up where MFA_REQUIRED_FOR_ADMINS asks for it.
 */
export function ProtectedLayoutRoute() {
  return (
    <RequireAuth>
      <PasswordChangeGate>
        <MfaEnrolmentGate>
          <ModalsProvider>
            <AppLayout />
          </ModalsProvider>
        </MfaEnrolmentGate>
      </PasswordChangeGate>
    </RequireAuth>
  );
}
