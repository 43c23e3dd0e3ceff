import { Button, Group, TextInput } from '@mantine/core';
import type { EditUserInfoAccount, UserInfo } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { PhoneInput } from '@/components/phone-input.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useEditOwnAccount } from '../api/edit-user-info.ts';

type Field = 'displayName' | 'phone' | 'title';

export interface ProfileFieldFormProps {
  email: string;
  field: Field;
  label: string;
  initial: string;
  /** The field's form schema from domain (it also strips a phone mask to digits). */
  schema: z.ZodType<Partial<Record<Field, string>>>;
  /** The toast after saving (spec 2, section 8). */
  savedMessage: string;
  /** A phone field is the portal's PhoneInput, masked as the digits are typed. */
  type?: 'text' | 'tel';
  autoComplete?: string;
  /**
   * The profile version the value was loaded with (name and phone carry it), read when the save goes (after any
   * save of the user's own still on its way): sent with it, so a change an administrator made since is refused
   * (409) rather than silently replaced.
   */
  profileVersion?: (() => string) | undefined;
  /** Told the saved user (with their new profile version). */
  onSaved?: ((user: UserInfo) => void) | undefined;
  /** Told the server's message when the save was refused as made on a profile changed since; the value stays. */
  onConflict?: ((message: string) => void) | undefined;
}

/** One Account Info field with its own Save: `/edituserinfo` changes one thing per call. */
export function ProfileFieldForm(props: ProfileFieldFormProps) {
  const edit = useEditOwnAccount();
  const [value, setValue] = useState(props.initial);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = props.schema.safeParse({ [props.field]: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    const change = parsed.data[props.field] ?? '';
    const { email, field, profileVersion } = props;
    const input = (): EditUserInfoAccount => {
      const version = profileVersion === undefined ? {} : { profileVersion: profileVersion() };
      return field === 'displayName'
        ? { email, displayName: change, ...version }
        : field === 'phone'
          ? { email, phone: change, ...version }
          : { email, title: change, ...version };
    };
    edit.mutate(input, {
      onSuccess: (answer) => {
        props.onSaved?.(answer.userInfo);
        notifySuccess(props.savedMessage);
      },
      onError: (err) => {
        if (isApiError(err, 409) && props.onConflict) {
          props.onConflict(err.message);
          return;
        }
        if (isApiError(err, 400)) setError(err.fields[props.field]);
        notifyError(err);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Change ${props.label.toLowerCase()}`}>
      <Group align="flex-start" wrap="nowrap">
        {props.type === 'tel' ? (
          <PhoneInput
            name={props.field}
            label={props.label}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            style={{ flex: 1 }}
            maw={420}
          />
        ) : (
          <TextInput
            name={props.field}
            label={props.label}
            autoComplete={props.autoComplete}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            style={{ flex: 1 }}
            maw={420}
          />
        )}
        <Button
          type="submit"
          mt={25}
          variant="light"
          loading={edit.isPending}
          aria-label={`Save ${props.label}`}
        >
          Save
        </Button>
      </Group>
    </form>
  );
}
