import { Stack } from '@mantine/core';
import {
  DisplayNameFormSchema,
  maskPhone,
  PhoneFormSchema,
  USER_ADMIN_MESSAGES,
  type UserInfo,
} from '@portal/domain';
import { useRef, useState } from 'react';
import { ConflictNotice } from '@/components/conflict-notice.tsx';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { ProfileFieldForm } from './profile-field-form.tsx';

export interface OwnProfileFieldsProps {
  /** The signed-in user as the session holds them now: the fields start from it, and Reload takes it again. */
  user: UserInfo;
}

type VersionedField = 'displayName' | 'phone';

/**
 * Account Info's display name and phone, each with its own Save. A save sends the profile version the fields were
 * loaded with, as Edit Profile does, so it cannot silently replace a name or phone an administrator saved meanwhile.
 * Refused (409), the page says so, keeps what was typed, and offers the current values, which replace both fields.
 */
export function OwnProfileFields({ user }: OwnProfileFieldsProps) {
  // The version the fields' values came with: the session's user may be read again meanwhile (a 409 reads it), but
  // the typing was not done on that. The user's own saves move it on, since each was checked against it; a save
  // waiting for another's answer reads it when it goes (useEditOwnAccount), so it is kept outside of rendering.
  const version = useRef(user.profileVersion);
  // Each reload starts the two fields again from the session's user.
  const [loads, setLoads] = useState(0);
  const [conflict, setConflict] = useState<{ message: string; field: VersionedField }>();
  const groupRef = useRef<HTMLDivElement>(null);
  const reloadRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const versioned = (field: VersionedField) => ({
    email: user.email,
    profileVersion: () => version.current,
    onSaved: (saved: UserInfo) => {
      version.current = saved.profileVersion;
    },
    onConflict: (message: string) => {
      setConflict({ message, field });
      focusAfterRender(() => reloadRef.current, groupRef.current);
    },
  });
  // The session's user was read again when the save was refused, so `user` holds what was saved meanwhile.
  const reload = () => {
    const field = conflict?.field ?? 'displayName';
    version.current = user.profileVersion;
    setLoads((count) => count + 1);
    setConflict(undefined);
    // Once the notice and its button are gone: to the refused field, now holding the current value.
    const group = groupRef.current;
    focusAfterRender(() => group?.querySelector<HTMLInputElement>(`input[name="${field}"]`), group);
  };

  return (
    <Stack ref={groupRef}>
      <ProfileFieldForm
        key={`displayName-${loads}`}
        {...versioned('displayName')}
        field="displayName"
        label="Display name"
        autoComplete="name"
        initial={user.displayName}
        schema={DisplayNameFormSchema}
        savedMessage={USER_ADMIN_MESSAGES.nameUpdated}
      />
      <ProfileFieldForm
        key={`phone-${loads}`}
        {...versioned('phone')}
        field="phone"
        label="Phone"
        type="tel"
        initial={maskPhone(user.phone)}
        schema={PhoneFormSchema}
        savedMessage={USER_ADMIN_MESSAGES.phoneUpdated}
      />
      {conflict ? (
        <ConflictNotice message={conflict.message} onReload={reload} reloadRef={reloadRef} />
      ) : null}
    </Stack>
  );
}
