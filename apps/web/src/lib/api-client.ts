import { notifications } from '@mantine/notifications';
import { ApiErrorBodySchema, httpErrorToast, MESSAGES } from '@portal/domain';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { config } from './config.ts';
import { clearToken, getToken } from './session-store.ts';
import { statusTextOf } from './status-text.ts';

type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

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
}

function buildUrl(base: string, path: string, query: ApiRequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) params.append(key, String(v));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
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
  const headers: Record<string, string> = { accept: 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(options.base ?? config.apiBase, path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
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
  const text = await response.text();
  return schema.parse(text ? JSON.parse(text) : {});
}
