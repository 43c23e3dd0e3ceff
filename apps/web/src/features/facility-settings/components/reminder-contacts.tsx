import { List, Stack, Text, Title } from '@mantine/core';
import type { Facility, SettingsWidget } from '@portal/domain';
import { useCallback, useEffect, useId, useRef } from 'react';
import { isFocusLost } from '@/hooks/use-focus-after-render.ts';
import { useUnsavedParts } from '@/hooks/use-unsaved-parts.ts';
import { AddContactForm } from './add-contact-form.tsx';
import { ContactRow } from './contact-row.tsx';

export interface ReminderContactsProps {
  facID: string;
  widget: SettingsWidget;
  contacts: Facility['facilityContacts'];
  /**
   * Told whether an address is typed and not yet kept, each time that changes: typed into 'Add reminder email' and
   * not added, or changed in a contact's Edit and not saved.
   */
  onUnsavedChange?: ((isUnsaved: boolean) => void) | undefined;
}

/** The part of the contacts an address typed into 'Add reminder email' belongs to; a contact's edit is its id. */
const ADD = 'add';

/**
 * The widget's reminder email contacts; each add, edit and delete is saved at once. When a deleted contact's row
 * goes (after the refetch), focus goes to the next contact, else the previous one, else the Add field, instead of
 * being lost with the row.
 */
export function ReminderContacts({ facID, widget, contacts, onUnsavedChange }: ReminderContactsProps) {
  const headingId = useId();
  const own = contacts.filter((c) => c.widget === widget);
  const groupRef = useRef<HTMLDivElement>(null);
  const deleting = useRef<{ contactId: number; index: number } | null>(null);
  const ids = own.map((c) => c.facilityContactInfoID).join(',');
  const parts = useUnsavedParts<number | typeof ADD>();
  const onPartChange = parts.onUnsavedChange;
  const onAddTyped = useCallback((isTyped: boolean) => onPartChange(ADD, isTyped), [onPartChange]);
  useEffect(() => {
    onUnsavedChange?.(parts.isUnsaved);
    return () => onUnsavedChange?.(false);
  }, [onUnsavedChange, parts.isUnsaved]);

  useEffect(() => {
    const gone = deleting.current;
    const group = groupRef.current;
    if (!gone || !group || ids.split(',').includes(String(gone.contactId))) return;
    deleting.current = null;
    // The delete and its refetch often end while the confirmation is still closing with focus on its button, which
    // then has nothing to give focus back to (the row's Delete is gone): that too is a lost place, not a user's choice.
    const isInClosingConfirmation = Boolean(document.activeElement?.closest('[role="dialog"]'));
    if (!isFocusLost() && !isInClosingConfirmation) return;
    const rows = [...group.querySelectorAll<HTMLElement>('[data-contact-row]')];
    // The row now in the deleted one's place is the next contact; its first control is Edit (or the edit input).
    const row = rows[gone.index] ?? rows[gone.index - 1];
    const target = row ?? group.querySelector<HTMLElement>('[data-add-contact]');
    target?.querySelector<HTMLElement>('input, button')?.focus();
  }, [ids]);

  return (
    <Stack gap="xs" role="group" aria-labelledby={headingId} ref={groupRef}>
      <Title order={3} size="h5" id={headingId}>
        Reminder email contacts
      </Title>
      {own.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reminder contacts yet.
        </Text>
      ) : (
        <List listStyleType="none" spacing="xs" aria-labelledby={headingId}>
          {own.map((contact, index) => (
            <List.Item
              key={contact.facilityContactInfoID}
              data-contact-row
              styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}
            >
              <ContactRow
                facID={facID}
                contactId={contact.facilityContactInfoID}
                email={contact.contactInfo}
                onEditedChange={onPartChange}
                onDeleteStart={() => {
                  deleting.current = { contactId: contact.facilityContactInfoID, index };
                }}
              />
            </List.Item>
          ))}
        </List>
      )}
      <div data-add-contact>
        <AddContactForm facID={facID} widget={widget} onTypedChange={onAddTyped} />
      </div>
    </Stack>
  );
}
