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

/** A spec toast for a failed call, with the server's reason for a refusal (4xx other than 401) beneath it. */
function notifyWithReason(title: string, error: unknown): void {
  const refused =
    error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
  notifications.show(
    refused ? { color: 'red', title, message: error.message } : { color: 'red', message: title },
  );
}

/**
 * 'Error downloading file/folder' (spec 2, section 8); when the server refused with a reason (a folder over the
 * download limit, a top-level or deleted folder) the reason goes beneath it, so the user knows what to do instead.
 */
export function notifyDownloadError(error: unknown): void {
  notifyWithReason(FILE_MESSAGES.downloadError, error);
}

/**
 * 'Error: Error restoring file' (spec 2, section 8), with the server's reason beneath it when it refused: an item
 * of the same name now in the folder, a parent deleted meanwhile. Alone, the spec's text left the user stuck.
 */
export function notifyRestoreError(error: unknown): void {
  notifyWithReason(FILE_MESSAGES.restoreError, error);
}

/**
 * The server's refusal of a name (taken in the folder, not allowed), to be said at the name field rather than only in
 * a toast; null for any other failure.
 */
export function nameRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return null;
  return error.fields.name ?? null;
}
