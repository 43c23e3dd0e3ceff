import {
  API_BASE,
  ApiErrorBodySchema,
  CLIENT_CONFIG_PATH,
  ClientConfigSchema,
  DEFAULT_CLIENT_CONFIG,
  ENDPOINTS,
  type UserInfo,
} from '@portal/domain';
import { vi } from 'vitest';
import type { z } from 'zod';

/** One recorded call to the fake API. */
export interface FakeCall {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
  /** The query string of the call. */
  query: URLSearchParams;
  /** The request's headers. */
  headers: Headers;
}

interface FakeAnswer {
  status: number;
  body: unknown;
}

type Handler = (call: FakeCall) => FakeAnswer;

/** A successful answer, checked against the domain schema the client will parse it with. */
export function ok<S extends z.ZodType>(schema: S, body: z.input<S>): FakeAnswer {
  return { status: 200, body: schema.parse(body) };
}

/** An error answer in the domain's error body shape. */
export function fail(
  status: number,
  message: string,
  code: string,
  fields?: Record<string, string>,
): FakeAnswer {
  return { status, body: ApiErrorBodySchema.parse({ message, code, fields }) };
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/**
 * A small stand-in for the server in component tests: handlers by 'METHOD /path' (under the API base), every
 * call recorded. Unknown calls answer 404 so a test notices a call it did not expect.
 */
export class FakeApi {
  readonly calls: FakeCall[] = [];
  private readonly handlers = new Map<string, Handler>();

  constructor() {
    this.on('GET', CLIENT_CONFIG_PATH, () => ok(ClientConfigSchema, DEFAULT_CLIENT_CONFIG));
    this.on('POST', ENDPOINTS.logout, () => ({ status: 200, body: { message: 'Logged out' } }));
  }

  /** Answers `method path` with the handler's answer. */
  on(method: string, path: string, handler: Handler): this {
    this.handlers.set(`${method} ${path}`, handler);
    return this;
  }

  /** Accepts `token` on tokeninfo as this user; any other token is a 401. */
  signedIn(token: string, user: UserInfo): this {
    return this.on('GET', ENDPOINTS.tokenInfo, (call) =>
      call.authorization === `Bearer ${token}`
        ? { status: 200, body: { userInfo: user } }
        : fail(401, 'Sign in to continue.', 'UNAUTHORIZED'),
    );
  }

  /** Calls made to a path. */
  callsTo(method: string, path: string): FakeCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }

  /** Installs the fake as the global fetch for this test. */
  install(): this {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname;
      const headers = new Headers(init.headers);
      const call: FakeCall = {
        method: init.method ?? 'GET',
        path,
        authorization: headers.get('authorization'),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        query: url.searchParams,
        headers,
      };
      this.calls.push(call);
      const handler = this.handlers.get(`${call.method} ${path}`);
      const answer = handler ? handler(call) : fail(404, `No route ${call.method} ${path}`, 'NOT_FOUND');
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        statusText: STATUS_TEXT[answer.status] ?? '',
        headers: { 'content-type': 'application/json' },
      });
    });
    return this;
  }
}

/**
 * Holds every later request to a path ending in `pathEnd` (all requests without one) until the returned function is
 * called: what a user does while a request is on its way. Call after `FakeApi.install()`; the held request reaches
 * the fake (and its `calls`) only once released.
 */
export function holdRequests(pathEnd?: string): () => void {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fakeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
    if (pathEnd === undefined || new URL(String(args[0]), 'http://localhost').pathname.endsWith(pathEnd))
      await held;
    return fakeFetch(...args);
  });
  return release;
}
