import { List, Stack, Text, Title } from '@mantine/core';
import type { Facility, SettingsWidget } from '@portal/domain';
import { useId } from 'react';
import { AddContactForm } from './add-contact-form.tsx';
import { ContactRow } from './contact-row.tsx';

export interface ReminderContactsProps {
  facID: string;
  widget: SettingsWidget;
  contacts: Facility['facilityContacts'];
}

/** The widget's reminder email contacts; each add, edit and delete is saved at once. */
export function ReminderContacts({ facID, widget, contacts }: ReminderContactsProps) {
  const headingId = useId();
  const own = contacts.filter((c) => c.widget === widget);
  return (
    <Stack gap="xs" role="group" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        Reminder email contacts
      </Title>
      {own.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reminder contacts yet.
        </Text>
      ) : (
        <List listStyleType="none" spacing="xs" aria-labelledby={headingId}>
          {own.map((contact) => (
            <List.Item
              key={contact.facilityContactInfoID}
              styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}
            >
              <ContactRow
                facID={facID}
                contactId={contact.facilityContactInfoID}
                email={contact.contactInfo}
              />
            </List.Item>
          ))}
        </List>
      )}
      <AddContactForm facID={facID} widget={widget} />
    </Stack>
  );
}
