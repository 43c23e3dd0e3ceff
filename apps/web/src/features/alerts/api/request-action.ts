import { notifications } from '@mantine/notifications';
import {
  ACTION_MESSAGES,
  type ActionValue,
  type AnyAlert,
  ENDPOINTS,
  MessageAnswerSchema,
  type RequestActionInput,
  SESSION_TIMINGS,
  type Widget,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

/** What a dialog submits: the action, its comment and, for Limit Days, the days. */
export interface ActionSubmission {
  requestedAction: ActionValue;
  actionComment: string;
  limitDays?: number | undefined;
}

const IdSchema = z.number().int().positive();
const GroupSchema = z.string().min(1);
const UuidSchema = z.uuid();

/**
 * The body of `POST /requestaction` for an alert (spec 1, section 7): `_internalID`, which for admission meds is
 * their admissionMedsGroupID; high cost alerts send their highCostAlertsId with _internalID as fallback; and the
 * alert's `_internalUUID` (the server finds the alert by the id).
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

/**
 * Sends an action: 'Processing user action...', then the server's message or 'Error sending user action'
 * (action toasts close after 3 s). Lists and details of the widget refetch afterwards.
 */
export function useRequestAction(widget: Widget, alert: AnyAlert) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ActionSubmission) =>
      apiRequest(MessageAnswerSchema, ENDPOINTS.requestAction, {
        method: 'POST',
        body: requestActionBody(widget, alert, input),
      }),
    onMutate: () => {
      notifications.show({
        id: TOAST_ID,
        loading: true,
        message: ACTION_MESSAGES.processing,
        autoClose: false,
        withCloseButton: false,
      });
    },
    onSuccess: (answer) => {
      notifications.update({
        id: TOAST_ID,
        loading: false,
        color: 'green',
        message: answer.message,
        autoClose: SESSION_TIMINGS.actionToastMs,
        withCloseButton: true,
      });
    },
    onError: (error) => {
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
