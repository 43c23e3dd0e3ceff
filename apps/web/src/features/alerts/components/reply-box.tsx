import { Button, Group, Stack, Textarea } from '@mantine/core';
import { ACTION_MESSAGES, type AnyAlert, type Widget } from '@portal/domain';
import { type FormEvent, useRef, useState } from 'react';
import { SubmittingStatus } from '@/components/form-buttons.tsx';
import { useFocusAfterRender } from '@/hooks/use-focus-after-render.ts';
import { draftKey, useDraft, useRefusal } from '../api/action-drafts.ts';
import { useIsSending, useRequestAction } from '../api/request-action.ts';
import { refusalAsShown } from './action-form-foot.tsx';
import { SENDING_STATUS } from './action-form-props.ts';

export interface ReplyBoxProps {
  widget: Widget;
  alert: AnyAlert;
  /** Called once a reply has been sent (the thread shows it). */
  onSent?: (() => void) | undefined;
}

/**
 * The pharmacy's answer in the thread: a Reply entry (pharmacy users and super admins only). Send Reply goes into
 * loading (disabled), which drops focus to the page's body, by click or keyboard alike; focus goes back into the
 * reply at once, where the pharmacist can type on while it is on its way, and stays there once it is sent or
 * refused, as after an empty submit, whose message the reply is described by.
 *
 * While a reply is on its way its words stay in the box (they are kept if the server refuses them), so Send Reply
 * waits, loading and 'Sending...', for the answer: also in a box opened again meanwhile (the alert closed and
 * opened again), whose Send would otherwise send the same words a second time. A refusal is said under the reply
 * in that box too, as in the one that sent it: the server's message for the reply (a 400's actionComment), else its
 * message, read out as it shows (no room for an alert box under the thread, sized to keep Send Reply in view).
 */
export function ReplyBox({ widget, alert, onSent }: ReplyBoxProps) {
  // A reply typed and left unsent (the modal closed) comes back with the alert (api/action-drafts.ts).
  const key = draftKey(widget.key, alert._internalID, 'Reply');
  const [{ text }, changeDraft] = useDraft(key);
  const [error, setError] = useState<string | null>(null);
  const send = useRequestAction(widget, alert);
  const isSending = useIsSending(key, send);
  // A refused reply says why, not only 'The request is not valid.' (kept until the words are edited or sent again).
  const { serverFields, refusalMessage } = refusalAsShown(useRefusal(key), ['actionComment']);
  const formRef = useRef<HTMLFormElement>(null);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const focusReply = () => focusAfterRender(() => replyRef.current, formRef.current);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    if (!text.trim()) {
      setError(ACTION_MESSAGES.commentRequired);
      focusReply();
      return;
    }
    focusReply();
    send.mutate(
      // The box stays open while the reply is on its way: what is typed meanwhile is kept, the sent words go.
      { requestedAction: 'Reply', actionComment: text, draft: { key, sentText: text } },
      {
        onSuccess: () => {
          // The draft is settled already (useRequestAction), and the box shows what it kept.
          focusReply();
          onSent?.();
        },
        // The box says why (useRefusal).
        onError: focusReply,
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate ref={formRef}>
      <Stack gap="xs">
        <Textarea
          ref={replyRef}
          label="Reply"
          rows={2}
          value={text}
          error={error ?? serverFields.actionComment ?? refusalMessage}
          // A refusal may come while the pharmacist is elsewhere; her own empty Send's message is read with the reply.
          errorProps={{ role: error ? undefined : 'alert' }}
          onChange={(event) => {
            changeDraft({ text: event.currentTarget.value });
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <SubmittingStatus isSubmitting={isSending} status={SENDING_STATUS} />
          <Button type="submit" loading={isSending}>
            Send Reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
