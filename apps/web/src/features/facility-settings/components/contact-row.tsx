import { Button, Group, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type FormEvent, useState } from 'react';
import { useDeleteContact } from '../api/delete-contact.ts';
import { useEditContact } from '../api/edit-contact.ts';
import { contactFieldError, emailError } from '../contact-email.ts';
import { notifyFailed, notifySaved } from '../notify-settings.ts';

export interface ContactRowProps {
  facID: string;
  contactId: number;
  email: string;
}

/** One reminder contact: its address with Edit (inline) and Delete (after a confirmation). */
export function ContactRow({ facID, contactId, email }: ContactRowProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditContact(facID);
  const remove = useDeleteContact(facID);

  function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    const invalid = emailError(draft);
    setError(invalid);
    if (invalid) return;
    edit.mutate(
      { contactId, email: draft.trim() },
      {
        onSuccess: (answer) => {
          setDraft(null);
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

  function confirmDelete() {
    modals.openConfirmModal({
      title: 'Delete reminder contact',
      children: <Text size="sm">Stop sending reminders to {email}?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(contactId, {
          onSuccess: (answer) => notifySaved(answer.message),
          onError: notifyFailed,
        }),
    });
  }

  if (draft !== null) {
    return (
      <form onSubmit={save} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={`Edit ${email}`}
            type="email"
            autoComplete="off"
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button type="submit" mt={25} loading={edit.isPending}>
            Save email
          </Button>
          <Button
            type="button"
            mt={25}
            variant="default"
            onClick={() => {
              setDraft(null);
              setError(null);
            }}
          >
            Cancel
          </Button>
        </Group>
      </form>
    );
  }

  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text style={{ overflowWrap: 'anywhere' }}>{email}</Text>
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" variant="default" aria-label={`Edit ${email}`} onClick={() => setDraft(email)}>
          Edit
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="red"
          aria-label={`Delete ${email}`}
          loading={remove.isPending}
          onClick={confirmDelete}
        >
          Delete
        </Button>
      </Group>
    </Group>
  );
}
