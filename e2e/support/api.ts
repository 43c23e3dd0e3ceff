import { DEMO_PASSWORD } from './session.ts';

/** An alert as the browser tests need it: enough to find its row and its detail page. */
export interface ApiAlert {
  _internalID: number;
  rxNo: string;
  patName: string;
  facID: number;
  readByFaci: boolean | null;
  hasUnreadReply: boolean;
  requestedActions: { action: string; actionComment: string }[];
}

/** Signs in over the API (no browser) and answers the session token. */
export async function apiToken(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** One page of a widget list as the given user sees it. */
export async function apiList(baseUrl: string, token: string, path: string, listKey: string) {
  const response = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  return body[listKey] as ApiAlert[];
}
