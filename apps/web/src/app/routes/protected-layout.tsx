// biome-ignore lint/style/noRestrictedImports: the provider openConfirmModal (components/open-modal.tsx) opens its confirmations in.
import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { MfaEnrolmentGate, PasswordChangeGate } from '@/features/account';
import { draftsBelongTo } from '@/features/alerts';
import { RequireAuth, useCurrentUser } from '@/features/auth';
import { AppLayout } from '../shell/app-layout.tsx';

/**
 * Every signed-in page: the session guard around the shell. Confirmation modals live here, not in the root
 * providers, so the sign-in page does not load them. A password set by an administrator is replaced first, then
 * two-step sign-in is set up where MFA_REQUIRED_FOR_ADMINS asks for it.
 */
export function ProtectedLayoutRoute() {
  return (
    <RequireAuth>
      <DraftsOwner />
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

/**
 * Tells the unsent action drafts whose session this is: drafts held when a session expired come back to the same
 * user and are dropped, unseen, for anyone else (features/alerts, action-drafts.ts). Here, in the signed-in pages'
 * own chunk, rather than beside SessionCacheReset in the root: reading the session there put the API client in
 * every page's first load, the sign-in page's too.
 */
function DraftsOwner() {
  const { userId } = useCurrentUser();
  useEffect(() => {
    draftsBelongTo(userId);
  }, [userId]);
  return null;
}
