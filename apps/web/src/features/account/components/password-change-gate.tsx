import { ERROR_CODES, MESSAGES } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { useCurrentUser } from '@/features/auth';
import { GateScreen, useRefusedWith } from './gate-screen.tsx';

// Loaded only when the gate shows: its form (and react-hook-form) stays out of every other signed-in page's load.
const OwnPasswordForm = lazy(() =>
  import('./own-password-form.tsx').then((m) => ({ default: m.OwnPasswordForm })),
);

export interface PasswordChangeGateProps {
  children: ReactNode;
}

/**
 * Holds back every signed-in page while the user must replace a password an administrator set: after sign-in
 * (userInfo.mustChangePassword) or as soon as any call answers 403 PASSWORD_CHANGE_REQUIRED. Once changed, the
 * page the user was going to renders in place.
 */
export function PasswordChangeGate({ children }: PasswordChangeGateProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [isRefused, setRefused] = useRefusedWith(ERROR_CODES.mustChangePassword);

  if (!user.mustChangePassword && !isRefused) return children;
  return (
    <GateScreen title="Choose a new password" note={MESSAGES.passwordChangeRequired} maw={460}>
      <OwnPasswordForm
        email={user.email}
        submitLabel="Set new password"
        onChanged={() => {
          setRefused(false);
          void queryClient.invalidateQueries();
        }}
      />
    </GateScreen>
  );
}
