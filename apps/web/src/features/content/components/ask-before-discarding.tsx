import { Text } from '@mantine/core';
import { CONTENT_MESSAGES } from '@portal/domain';
import { openConfirmModal } from '@/components/open-modal.tsx';

/**
 * How an editor closes (Cancel, Escape, its close button, a click outside): at once when it holds nothing the user
 * changed, else after asking. 'Keep editing' (or Escape in the question) leaves the editor open with what was typed,
 * and the app's confirmation gives the focus back to where it was in the editor.
 */
export function askBeforeDiscarding(hasChanges: boolean, onDiscard: () => void): void {
  if (!hasChanges) {
    onDiscard();
    return;
  }
  openConfirmModal({
    title: CONTENT_MESSAGES.discardTitle,
    children: <Text size="sm">{CONTENT_MESSAGES.discardMessage}</Text>,
    labels: { confirm: 'Discard', cancel: 'Keep editing' },
    confirmProps: { color: 'red' },
    onConfirm: onDiscard,
  });
}
