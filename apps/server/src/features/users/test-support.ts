import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { bearer, type TestApp } from '../../test/test-app.ts';

/** Small inject helpers for the user-administration tests. */
export function userApi(t: TestApp) {
  const call = async (method: 'GET' | 'POST', token: string | null, url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read answer bodies loosely; the schemas check them on the server
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };
  return {
    get: (token: string | null, url: string) => call('GET', token, url),
    post: (token: string | null, url: string, payload: object) => call('POST', token, url, payload),
    row: async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0],
  };
}
