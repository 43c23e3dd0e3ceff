import { Switch } from '@mantine/core';
import { USER_ADMIN_MESSAGES } from '@portal/domain';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useEditOwnAccount } from '../api/edit-user-info.ts';

export interface BetaUserSwitchProps {
  email: string;
  isBeta: boolean;
}

/** Joins or leaves the beta at once: 'Activated/Deactivated {email} as Beta User' (spec 2, section 8). */
export function BetaUserSwitch({ email, isBeta }: BetaUserSwitchProps) {
  const edit = useEditOwnAccount();
  return (
    <Switch
      label="Beta user"
      description="Try new features before everyone else."
      checked={isBeta}
      disabled={edit.isPending}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        edit.mutate(
          { email, betaUser: next },
          {
            onSuccess: () => notifySuccess(USER_ADMIN_MESSAGES.betaUser(next, email)),
            onError: notifyError,
          },
        );
      }}
    />
  );
}
