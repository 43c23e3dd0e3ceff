import { notifications } from '@mantine/notifications';
import { FILE_MESSAGES, fileErrorToast } from '@portal/domain';
import { ApiError } from '@/lib/api-error.ts';

/** 'Error #{status}: {message}' (spec 2, section 8), for folder and upload failures. */
export function notifyFileError(error: unknown, fallback?: string): void {
  const message =
    error instanceof ApiError
      ? fileErrorToast(error.status, error.message)
      : (fallback ?? (error instanceof Error ? error.message : String(error)));
  notifications.show({ color: 'red', message: fallback && error instanceof ApiError ? fallback : message });
}

/**
 * 'Error downloading file/folder' (spec 2, section 8); when the server refused with a reason (a folder over the
 * download limit, a top-level or deleted folder) the reason goes beneath it, so the user knows what to do instead.
 */
export function notifyDownloadError(error: unknown): void {
  const refused =
    error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
  notifications.show(
    refused
      ? { color: 'red', title: FILE_MESSAGES.downloadError, message: error.message }
      : { color: 'red', message: FILE_MESSAGES.downloadError },
  );
}
