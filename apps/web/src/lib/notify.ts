import { notifications } from '@mantine/notifications';
import { httpErrorToast } from '@portal/domain';
import { ApiError } from './api-error.ts';

/** Success toast. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', message, title });
}

/** Failure toast: 'Error {status}: {statusText}' over the server's message (spec 1, section 8). */
export function notifyError(error: unknown): void {
  if (error instanceof ApiError) {
    notifications.show({
      color: 'red',
      title: httpErrorToast(error.status, error.statusText),
      message: error.message,
    });
    return;
  }
  const err = error instanceof Error ? error : new Error(String(error));
  notifications.show({ color: 'red', title: err.name, message: err.message });
}
