import { Button, Group, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { openConfirmModal } from '@/components/open-modal.tsx';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { useDeleteContact } from '../api/delete-contact.ts';
import { useEditContact } from '../api/edit-contact.ts';
import { contactFieldError, emailError } from '../contact-email.ts';
import { notifyFailed, notifySaved } from '../notify-settings.ts';

export interface ContactRowProps {
  facID: string;
  contactId: number;
  email: string;
  /** Called as a confirmed delete is sent, so the list can move focus on once the row is gone. */
  onDeleteStart?: () => void;
  /**
   * Told whether the row's Edit holds an address other than the saved one, each time that changes (the page asks
   * before leaving it, as it does for an address typed into 'Add reminder email').
   */
  onEditedChange?: ((contactId: number, isEdited: boolean) => void) | undefined;
}

/**
 * One reminder contact: its address with Edit (inline) and Delete (after a confirmation). Edit puts focus in the
 * email input, and Save email or Cancel (or Escape) gives it back to Edit, since each swap removes the element that
 * had it.
 */
export function ContactRow({ facID, contactId, email, onDeleteStart, onEditedChange }: ContactRowProps) {
  const [draft, setDraft] = useState<string | null>(null);
  // Cancelled, saved (the refetch brings the saved address) or the row gone, nothing is held any more.
  const isEdited = draft !== null && draft.trim() !== email;
  useEffect(() => {
    onEditedChange?.(contactId, isEdited);
    return () => onEditedChange?.(contactId, false);
  }, [onEditedChange, contactId, isEdited]);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditContact(facID);
  const remove = useDeleteContact(facID);
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();

  function startEditing() {
    setDraft(email);
    focusAfterRender(() => inputRef.current);
  }

  function stopEditing() {
    setDraft(null);
    setError(null);
    focusAfterRender(() => editRef.current);
  }

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
          stopEditing();
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
    openConfirmModal({
      title: 'Delete reminder contact',
      children: <Text size="sm">Stop sending reminders to {email}?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        onDeleteStart?.();
        remove.mutate(contactId, {
          onSuccess: (answer) => notifySaved(answer.message),
          onError: notifyFailed,
        });
      },
    });
  }

  if (draft !== null) {
    return (
      // Escape cancels, as it closes the page's dialogs; the address is left as it was.
      <form
        onSubmit={save}
        noValidate
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          stopEditing();
        }}
      >
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            ref={inputRef}
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
          />
          <Button type="submit" mt={25} loading={edit.isPending}>
            Save email
          </Button>
          <Button type="button" mt={25} variant="default" onClick={stopEditing}>
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
        <Button ref={editRef} size="xs" variant="default" aria-label={`Edit ${email}`} onClick={startEditing}>
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
