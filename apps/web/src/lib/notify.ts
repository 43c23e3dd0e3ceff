import { notifications } from '@mantine/notifications';
import { httpErrorToast } from '@portal/domain';
import { ApiError } from './api-error.ts';

/** Success toast. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', message, title });
}

/**
 * Failure toast: 'Error {status}: {statusText}' over the server's message (spec 1, section 8). Answers the toast's
 * id, to hide it later.
 */
export function notifyError(error: unknown): string {
  if (error instanceof ApiError) {
    return notifications.show({
      color: 'red',
      title: httpErrorToast(error.status, error.statusText),
      message: error.message,
    });
  }
  const err = error instanceof Error ? error : new Error(String(error));
  return notifications.show({ color: 'red', title: err.name, message: err.message });
}
