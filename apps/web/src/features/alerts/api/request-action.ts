import { notifications } from '@mantine/notifications';
import {
  ACTION_MESSAGES,
  type ActionValue,
  type AnyAlert,
  ENDPOINTS,
  MessageAnswerSchema,
  REQUEST_KEY_HEADER,
  type RequestActionInput,
  SESSION_TIMINGS,
  type Widget,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { v4 as newRequestKey } from 'uuid';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { ApiError } from '@/lib/api-error.ts';
import {
  beginSend,
  dropSend,
  forgetRequestKey,
  requestKeyFor,
  settleDraft,
  useSending,
} from './action-drafts.ts';
import { alertKeys } from './alert-keys.ts';

/** What a dialog submits: the action, its comment and, for Limit Days, the days. */
export interface ActionSubmission {
  requestedAction: ActionValue;
  actionComment: string;
  limitDays?: number | undefined;
  /**
   * The draft the action was typed in (api/action-drafts.ts), settled once the server has stored the action, even
   * when its form has closed meanwhile; `sentText`: keep what was typed after it (settleDraft). Not sent.
   */
  draft?: { key: string; sentText?: string | undefined } | undefined;
}

const IdSchema = z.number().int().positive();
const GroupSchema = z.string().min(1);
const UuidSchema = z.uuid();

/**
 * The body of `POST /requestaction` for an alert (spec 1, section 7): `_internalID`, which for admission meds is
 * their admissionMedsGroupID; high cost alerts send their highCostAlertsId with _internalID as fallback; and the
 * alert's `_internalUUID` as shown: the server finds the alert by the id and refuses (409, 'This alert has changed
 * since you opened it...') when it is not the one shown.
 */
export function requestActionBody(
  widget: Widget,
  alert: AnyAlert,
  input: ActionSubmission,
): RequestActionInput {
  const group = GroupSchema.safeParse(alert.admissionMedsGroupID);
  const highCostId = IdSchema.safeParse(alert.highCostAlertsId);
  const target =
    widget.key === 'admissionMeds' && group.success
      ? { _internalID: group.data }
      : widget.key === 'highCostAlerts' && highCostId.success
        ? { highCostAlertsId: highCostId.data, _internalID: alert._internalID }
        : { _internalID: alert._internalID };
  const uuid = UuidSchema.safeParse(alert._internalUUID);
  return {
    requestedAction: input.requestedAction,
    widget: widget.actionWidget,
    ...target,
    ...(uuid.success ? { _internalUUID: uuid.data } : {}),
    actionComment: input.actionComment.trim(),
    ...(input.requestedAction === 'submitlimit' ? { limitDays: input.limitDays } : {}),
  };
}

const TOAST_ID = 'user-action';

/** Answers that say nothing of whether the server stored the action: no answer at all, or a proxy's gateway error. */
const isUnanswered = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status === 502 || error.status === 504);

/** Sending again after an unanswered attempt: twice more, 1 s then 2 s later. */
const RETRIES = 2;

/**
 * Sends an action: 'Processing user action...', then the server's message or 'Error sending user action'
 * (action toasts close after 3 s). Lists and details of the widget refetch afterwards.
 *
 * Each action goes with an Idempotency-Key, the same for every attempt of the same body until one succeeds: an
 * attempt left unanswered (a dropped connection) is sent again on its own, and the user's own Send after an error
 * reuses the key too, from this form or from one opened since (action-drafts.ts: requestKeyFor), so an action the
 * server stored but could not confirm is never stored twice.
 */
export function useRequestAction(widget: Widget, alert: AnyAlert) {
  const queryClient = useQueryClient();
  const bodyText = (input: ActionSubmission) => JSON.stringify(requestActionBody(widget, alert, input));
  return useMutation({
    mutationFn: (input: ActionSubmission) => {
      const body = requestActionBody(widget, alert, input);
      return apiRequest(MessageAnswerSchema, ENDPOINTS.requestAction, {
        method: 'POST',
        body,
        headers: { [REQUEST_KEY_HEADER]: requestKeyFor(JSON.stringify(body), newRequestKey) },
      });
    },
    retry: (failures, error) => failures < RETRIES && isUnanswered(error),
    onMutate: (input) => {
      const processing = {
        id: TOAST_ID,
        loading: true,
        color: undefined,
        title: undefined,
        message: ACTION_MESSAGES.processing,
        autoClose: false,
        withCloseButton: false,
      } as const;
      // The last action's answer may still be open (3 s): Mantine shows nothing for an id already on screen, so the
      // toast is turned back into the progress one, its error title and closing timer gone; else it is shown.
      notifications.update(processing);
      notifications.show(processing);
      return { send: input.draft ? beginSend(input.draft.key, input.draft.sentText) : null };
    },
    onSuccess: (answer, input, started) => {
      forgetRequestKey(bodyText(input));
      if (started?.send) settleDraft(started.send);
      notifications.update({
        id: TOAST_ID,
        loading: false,
        color: 'green',
        message: answer.message,
        autoClose: SESSION_TIMINGS.actionToastMs,
        withCloseButton: true,
      });
    },
    onError: (error, _input, started) => {
      // Said in the toast, and in every form showing the draft (useRefusal) until its words are edited or sent.
      if (started?.send) dropSend(started.send, error);
      notifications.update({
        id: TOAST_ID,
        loading: false,
        color: 'red',
        title: ACTION_MESSAGES.failed,
        message: error.message,
        autoClose: SESSION_TIMINGS.actionToastMs,
        withCloseButton: true,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.widget(widget.key) }),
  });
}

/**
 * Whether the words of the draft under `key` are on their way: sent by this form's `send` (from the click, before
 * the draft knows of it) or from a form closed since. A form offers no Send of them until the answer comes.
 */
export function useIsSending(key: string, send: { isPending: boolean }): boolean {
  const fromDraft = useSending(key);
  return fromDraft || send.isPending;
}
