import { Button, Group, TextInput } from '@mantine/core';
import type { SettingsWidget } from '@portal/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useAddContact } from '../api/add-contact.ts';
import { contactFieldError, emailError } from '../contact-email.ts';
import { notifyFailed, notifySaved } from '../notify-settings.ts';

export interface AddContactFormProps {
  facID: string;
  widget: SettingsWidget;
  /** Told whether an address is typed and not yet added, each time that changes (the page asks before leaving it). */
  onTypedChange?: ((isTyped: boolean) => void) | undefined;
}

/** Email input and Add button: checks the address, then adds the contact at once. */
export function AddContactForm({ facID, widget, onTypedChange }: AddContactFormProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddContact(facID);
  const inputId = useId();
  // Emptied by hand or by the add's success, nothing is held any more.
  const isTyped = email.trim() !== '';
  useEffect(() => {
    onTypedChange?.(isTyped);
    return () => onTypedChange?.(false);
  }, [onTypedChange, isTyped]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = emailError(email);
    setError(invalid);
    if (invalid) return;
    add.mutate(
      { widget, email: email.trim() },
      {
        onSuccess: (answer) => {
          setEmail('');
          notifySaved(answer.message);
        },
        onError: (failure) => {
          const fieldError = contactFieldError(failure);
          if (fieldError) setError(fieldError);
          else notifyFailed(failure);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          id={inputId}
          label="Add reminder email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: 1 }}
        />
        <Button type="submit" mt={25} loading={add.isPending}>
          Add
        </Button>
      </Group>
    </form>
  );
}
