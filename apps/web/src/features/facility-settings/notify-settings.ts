import { notifications } from '@mantine/notifications';

/** Success toast of a settings change: the server's message. */
export function notifySaved(message: string): void {
  notifications.show({ color: 'green', message });
}

/** Failure toast of spec 1 section 8: 'Error: ' plus the error's message. */
export function notifyFailed(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  notifications.show({ color: 'red', message: `Error: ${message}` });
}
