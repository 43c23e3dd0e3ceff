import { ERROR_CODES, MFA_MESSAGES } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, useState } from 'react';
import { useCurrentUser } from '@/features/auth';
import { useMfaEnrolled } from '../api/mfa.ts';
import { GateScreen, useRefusedWith } from './gate-screen.tsx';

// Loaded only when the gate shows: its panels (and react-hook-form) stay out of every other signed-in page's load.
const MfaEnrolPanel = lazy(() => import('./mfa-enrol-panel.tsx').then((m) => ({ default: m.MfaEnrolPanel })));

export interface MfaEnrolmentGateProps {
  children: ReactNode;
}

/**
 * Holds back every signed-in page while MFA_REQUIRED_FOR_ADMINS waits for this SysAdmin or SuperAdmin to set up
 * two-step sign-in: after sign-in (userInfo.mfaEnrolmentRequired) or as soon as any call answers 403
 * MFA_ENROLMENT_REQUIRED. Once set up and the recovery codes saved, the page the user was going to renders.
 */
export function MfaEnrolmentGate({ children }: MfaEnrolmentGateProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const enrolled = useMfaEnrolled();
  const [isRefused, setRefused] = useRefusedWith(ERROR_CODES.mfaEnrolmentRequired);
  // Set once the codes are saved, so the pages show before the refreshed user arrives.
  const [hasEnrolled, setEnrolled] = useState(false);

  if (hasEnrolled || (!user.mfaEnrolmentRequired && !isRefused)) return children;
  return (
    <GateScreen title="Set up two-step sign-in" note={MFA_MESSAGES.enrolmentRequired} maw={560}>
      <MfaEnrolPanel
        onDone={() => {
          setEnrolled(true);
          setRefused(false);
          void enrolled().then(() => queryClient.invalidateQueries());
        }}
      />
    </GateScreen>
  );
}
