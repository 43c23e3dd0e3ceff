import { Text } from '@mantine/core';
import { CONTENT_MESSAGES } from '@portal/domain';
import { openConfirmModal } from '@/components/open-modal.tsx';
import { useLeavePendingGuard } from '@/components/use-leave-pending-guard.tsx';

/**
 * How an editor closes (Cancel, Escape, its close button, a click outside): at once when it holds nothing the user
 * changed, else after asking. 'Keep editing' (or Escape in the question) leaves the editor open with what was typed,
 * and the app's confirmation gives the focus back to where it was in the editor.
 */
function askBeforeDiscarding(hasChanges: boolean, onDiscard: () => void): void {
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

/**
 * Answers an editor's way to close (askBeforeDiscarding above). While the editor holds changes, leaving the page under
 * it asks too: a link or Back (the app's 'Unsaved changes' question, as the dialogs holding pending rows ask), closing
 * or reloading the tab (the browser's own question). With none, the page is left at once.
 */
export function useAskBeforeDiscarding(hasChanges: boolean, onDiscard: () => void): () => void {
  useLeavePendingGuard(hasChanges, {
    title: CONTENT_MESSAGES.leaveTitle,
    message: CONTENT_MESSAGES.leaveMessage,
  });
  return () => askBeforeDiscarding(hasChanges, onDiscard);
}
