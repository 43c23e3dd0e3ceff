import { notifications } from '@mantine/notifications';
import { ApiErrorBodySchema, httpErrorToast, MESSAGES } from '@portal/domain';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { config } from './config.ts';
import { buildUrl, type QueryValue, takeEarly } from './early-requests.ts';
import { clearToken, getToken } from './session-store.ts';
import { statusTextOf } from './status-text.ts';

/** How one call is made. Paths come from the domain catalogue or ENDPOINTS, never spelled here. */
export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Bearer to send instead of the session token; null sends none (sign-in). */
  bearer?: string | null;
  /** Defaults to the main API base. */
  base?: string;
  signal?: AbortSignal;
  /** Further request headers (e.g. an Idempotency-Key). */
  headers?: Record<string, string>;
}

async function readError(response: Response): Promise<ApiError> {
  const statusText = statusTextOf(response.status, response.statusText);
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page or an empty body: fall back to the status text below.
  }
  const parsed = ApiErrorBodySchema.safeParse(body);
  return new ApiError({
    status: response.status,
    statusText,
    code: parsed.success ? parsed.data.code : `HTTP_${response.status}`,
    message: parsed.success ? parsed.data.message : statusText,
    fields: parsed.success ? parsed.data.fields : undefined,
  });
}

// A refused session token ends the session everywhere: the guard sends the user to sign-in with the origin.
function endExpiredSession() {
  clearToken('expired');
  notifications.show({
    id: 'session-expired',
    color: 'red',
    title: httpErrorToast(401, 'Unauthorized'),
    message: MESSAGES.sessionExpired,
  });
}

/**
 * Calls the API and parses the answer with the given domain schema. Non-2xx answers throw an ApiError; a 401
 * on a call made with the current session token signs the user out.
 */
export async function apiRequest<S extends z.ZodType>(
  schema: S,
  path: string,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  const bearer = options.bearer === undefined ? getToken() : options.bearer;
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  // The body of an early answer, read as it arrived; null when it is still to be read.
  let earlyText: string | null = null;
  try {
    const url = buildUrl(options.base ?? config.apiBase, path, options.query);
    const method = options.method ?? 'GET';
    // A GET the page started at boot (lib/early-requests.ts) is answered by that request.
    const started = method === 'GET' ? takeEarly(url, bearer) : undefined;
    if (started) {
      ({ response, text: earlyText } = await started);
    } else {
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      statusText: 'Network Error',
      code: 'NETWORK',
      message: MESSAGES.internal,
    });
  }

  if (!response.ok) {
    const error = await readError(response);
    if (error.status === 401 && bearer && bearer === getToken()) endExpiredSession();
    throw error;
  }
  const text = earlyText ?? (await response.text());
  return schema.parse(text ? JSON.parse(text) : {});
}
