import { notifications } from '@mantine/notifications';
import { ACTION_MESSAGES, type AnyAlert, MessageAnswerSchema, type Widget } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { patchAlertInCaches } from './alert-cache.ts';
import { alertKeys } from './alert-keys.ts';

/** `POST {readCall}`: marks an alert read or unread for the facility (facility users only). */
export function markAlertRead(widget: Widget, alert: AnyAlert, readByFaci: boolean) {
  return apiRequest(MessageAnswerSchema, widget.readCall, {
    method: 'POST',
    body: { _internalID: alert._internalID, readByFaci },
  });
}

/** Marks read state with an optimistic update of every cached copy; a failure says 'Error updating read status'. */
export function useMarkAlertRead(widget: Widget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alert, readByFaci }: { alert: AnyAlert; readByFaci: boolean }) =>
      markAlertRead(widget, alert, readByFaci),
    onMutate: ({ alert, readByFaci }) =>
      patchAlertInCaches(queryClient, widget.key, alert._internalID, (a) => ({ ...a, readByFaci })),
    onError: (error) => {
      notifications.show({ color: 'red', title: ACTION_MESSAGES.readFailed, message: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.widget(widget.key) }),
  });
}
