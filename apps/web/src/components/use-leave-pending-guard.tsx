import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { PATHS } from '@/lib/paths.ts';
import { openConfirmModal } from './open-modal.tsx';

/** The question before unsaved rows are left: its title and spec 2's sentence. */
export interface LeavePendingQuestion {
  title: string;
  message: string;
}

function confirmLeave(question: LeavePendingQuestion, onLeave: () => void, onStay?: () => void) {
  openConfirmModal({
    title: question.title,
    children: <Text size="sm">{question.message}</Text>,
    labels: { confirm: 'Leave without saving', cancel: 'Stay' },
    confirmProps: { color: 'red' },
    onConfirm: onLeave,
    onCancel: onStay,
  });
}

/**
 * While a dialog holds pending rows (spec 2, section 4: pending facilities or pharmacies), leaving asks first: closing
 * the dialog (through the answered function), following a link or Back (the router's blocker), and closing the tab
 * (the browser's own question). Answers `leave(onLeave)`: runs `onLeave` at once when nothing is pending. Signing
 * out is never held: the idle sign-out comes when nobody is there to answer, and must not leave the page signed in.
 */
export function useLeavePendingGuard(hasPending: boolean, question: LeavePendingQuestion) {
  const blocker = useBlocker(({ nextLocation }) => hasPending && nextLocation.pathname !== PATHS.logout);
  const { title, message } = question;
  useEffect(() => {
    if (blocker.state === 'blocked')
      confirmLeave(
        { title, message },
        () => blocker.proceed(),
        () => blocker.reset(),
      );
  }, [blocker, title, message]);
  useEffect(() => {
    if (!hasPending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasPending]);
  return (onLeave: () => void) => (hasPending ? confirmLeave(question, onLeave) : onLeave());
}
