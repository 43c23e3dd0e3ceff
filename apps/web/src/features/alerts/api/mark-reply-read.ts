import { notifications } from '@mantine/notifications';
import { ACTION_MESSAGES, type AnyAlert, ENDPOINTS, MessageAnswerSchema, type Widget } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { patchAlertInCaches } from './alert-cache.ts';
import { alertKeys } from './alert-keys.ts';

/** `POST /requestaction_readByFaci`: one pharmacy Reply read or unread for the facility. */
export function markReplyRead(requestActionID: number, readByFaci: boolean) {
  return apiRequest(MessageAnswerSchema, ENDPOINTS.requestActionRead, {
    method: 'POST',
    body: { requestActionID, readByFaci },
  });
}

function withReplyRead(alert: AnyAlert, requestActionID: number): AnyAlert {
  const requestedActions = alert.requestedActions.map((entry) =>
    entry.requestActionID === requestActionID ? { ...entry, readByFaci: true } : entry,
  );
  const hasUnreadReply = requestedActions.some((e) => e.action === 'Reply' && e.readByFaci === false);
  return { ...alert, requestedActions, hasUnreadReply };
}

/** Marks a Reply read as it scrolls into view; the red bubble goes as soon as no unread Reply is left. */
export function useMarkReplyRead(widget: Widget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestActionID }: { alert: AnyAlert; requestActionID: number }) =>
      markReplyRead(requestActionID, true),
    onMutate: ({ alert, requestActionID }) =>
      patchAlertInCaches(queryClient, widget.key, alert._internalID, (a) =>
        withReplyRead(a, requestActionID),
      ),
    onError: (error) => {
      notifications.show({ color: 'red', title: ACTION_MESSAGES.readFailed, message: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.widget(widget.key) }),
  });
}
