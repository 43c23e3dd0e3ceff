import { Text } from '@mantine/core';

export interface AddedAnotherNoticeProps {
  /** What was just created, naming them; null before the first and while the next one is sent. */
  message: string | null;
}

/**
 * Said inside a create dialog that 'Create and Add Another' keeps open: who was just created. Not a toast: toasts sit
 * at the bottom right, and on a tablet in landscape (1024 x 768) the tall create dialogs end there, so each toast
 * covered the dialog's own Create buttons for as long as it showed (for good while the pointer rested on it), in
 * the middle of entering a ward's staff one after another. The region is always there, so the change is announced.
 */
export function AddedAnotherNotice({ message }: AddedAnotherNoticeProps) {
  return (
    <Text role="status" size="sm" c="green.9" fw={500}>
      {message}
    </Text>
  );
}
