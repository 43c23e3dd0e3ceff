import { notifications } from '@mantine/notifications';
import { fileErrorToast } from '@portal/domain';
import { ApiError } from '@/lib/api-error.ts';

/** 'Error #{status}: {message}' (spec 2, section 8), for folder and upload failures. */
export function notifyFileError(error: unknown, fallback?: string): void {
  const message =
    error instanceof ApiError
      ? fileErrorToast(error.status, error.message)
      : (fallback ?? (error instanceof Error ? error.message : String(error)));
  notifications.show({ color: 'red', message: fallback && error instanceof ApiError ? fallback : message });
}
