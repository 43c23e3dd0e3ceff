import {
  FILE_ENDPOINTS,
  folderZipName,
  MESSAGES,
  type UploadAnswer,
  UploadAnswerSchema,
} from '@portal/domain';
import { ApiError } from '@/lib/api-error.ts';
import { clearToken, getToken } from '@/lib/session-store.ts';
import { statusTextOf } from '@/lib/status-text.ts';

function errorOf(status: number, statusText: string, body: string): ApiError {
  let message = statusTextOf(status, statusText);
  let code = `HTTP_${status}`;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; code?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
    if (typeof parsed.code === 'string') code = parsed.code;
  } catch {
    // Not JSON: keep the status text.
  }
  // In the file manager a 401 signs the user out (spec 2, section 4).
  if (status === 401) clearToken('expired');
  return new ApiError({ status, statusText: statusTextOf(status, statusText), code, message });
}

/**
 * `POST /upload` through XMLHttpRequest, the browser API that reports upload progress; `onProgress` gets 0..1.
 * The file streams from disk; nothing is read into memory here.
 */
export function uploadFile(
  base: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${base}${FILE_ENDPOINTS.upload}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(UploadAnswerSchema.parse(JSON.parse(xhr.responseText)));
      } else reject(errorOf(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () =>
      reject(
        new ApiError({ status: 0, statusText: 'Network Error', code: 'NETWORK', message: MESSAGES.internal }),
      );
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** GETs the URL with the session's bearer and saves the answer under `name`. */
async function saveDownload(url: string, name: string): Promise<void> {
  const token = getToken();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw errorOf(response.status, response.statusText, await response.text());
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/** `GET /download/{id}` with the session's bearer, saved under the file's name. */
export function downloadFile(base: string, id: number, name: string): Promise<void> {
  return saveDownload(`${base}${FILE_ENDPOINTS.download.replace(':id', String(id))}`, name);
}

/** `GET /download-folder/{id}` with the session's bearer: the folder as a zip, saved as '{folder name}.zip'. */
export function downloadFolder(base: string, id: number, name: string): Promise<void> {
  return saveDownload(
    `${base}${FILE_ENDPOINTS.downloadFolder.replace(':id', String(id))}`,
    folderZipName(name),
  );
}
