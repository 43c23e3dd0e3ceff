import { Text } from '@mantine/core';
import {
  type AnyAlert,
  alertSubject,
  DO_NOT_SEND_REASONS,
  SEND_REASONS,
  type Widget,
  type WidgetButton,
} from '@portal/domain';
import { useEffect, useRef } from 'react';
import { OpenModal } from '@/components/open-modal.tsx';
import { firstInvalidField, isFocusLost } from '@/hooks/use-focus-after-render.ts';
import { isApiError } from '@/lib/api-error.ts';
import { draftKey, onDraftSent, useRefusal } from '../api/action-drafts.ts';
import { type ActionSubmission, useIsSending, useRequestAction } from '../api/request-action.ts';
import { refusalAsShown } from './action-form-foot.tsx';
import { CommentActionForm } from './comment-action-form.tsx';
import { DiscussForm } from './discuss-form.tsx';
import { LimitDaysForm } from './limit-days-form.tsx';
import { ReasonForm } from './reason-form.tsx';

/** The fields the action forms show a server's message under: the comment (or question, or reason) and the days. */
const FORM_FIELDS = ['actionComment', 'limitDays'];

export interface ActionDialogProps {
  widget: Widget;
  alert: AnyAlert;
  button: WidgetButton;
  onClose: () => void;
}

/**
 * The dialog of one action button (spec 1, section 5), headed by the patient and drug it answers for; it closes when
 * the server accepts the action. A value the server refuses (a 400's `fields`) takes the focus once its message
 * shows under it, as the forms' own checks do, unless the user has meanwhile moved the focus out of the form.
 *
 * An action on its way keeps its words in the dialog's draft until it is answered (they stay if it is refused). A
 * dialog closed and opened again meanwhile shows them with Submit loading ('Sending...'), not ready to send them a
 * second time, and closes as the first would have once the server stores the action. A refusal is said in whichever
 * dialog shows the words, the one that sent them or one opened since: under the field it names, else at the foot.
 */
export function ActionDialog({ widget, alert, button, onClose }: ActionDialogProps) {
  const send = useRequestAction(widget, alert);
  const key = draftKey(widget.key, alert._internalID, button.action);
  const isSending = useIsSending(key, send);
  // Sent from this dialog or from one closed since; kept until the words are edited or sent again.
  const refusal = useRefusal(key);
  const formArea = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (isApiError(refusal, 400) && isFocusLost(formArea.current))
      firstInvalidField(formArea.current)?.focus();
  }, [refusal]);
  const close = useRef(onClose);
  close.current = onClose;
  // Whichever dialog sent it: the action is stored (its draft settled), and the dialog has done its work.
  useEffect(() => onDraftSent(key, () => close.current()), [key]);
  const submit = (input: Omit<ActionSubmission, 'requestedAction'>) => {
    if (!isSending) send.mutate({ ...input, requestedAction: button.action, draft: { key } });
  };
  const form = {
    onSubmit: submit,
    onCancel: onClose,
    isSubmitting: isSending,
    ...refusalAsShown(refusal, FORM_FIELDS),
    draftKey: key,
  };
  return (
    <OpenModal onClose={onClose} title={button.label} size="md">
      <Text size="sm" fw={600} mb="sm" data-testid="action-subject">
        For {alertSubject(alert)}
      </Text>
      <div ref={formArea}>
        {button.action === 'ask' ? (
          <DiscussForm {...form} />
        ) : button.action === 'send' ? (
          <ReasonForm {...form} reasons={SEND_REASONS} />
        ) : button.action === 'donotsend' ? (
          <ReasonForm {...form} reasons={DO_NOT_SEND_REASONS} />
        ) : button.action === 'submitlimit' ? (
          <LimitDaysForm {...form} />
        ) : (
          <CommentActionForm
            {...form}
            showRefillWarning={button.action === 'limitedApproval'}
            submitLabel={button.label}
          />
        )}
      </div>
    </OpenModal>
  );
}
