import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Every route of the app, read from Fastify's own route table, is refused to a caller without a session unless it
 * is one of the few that exist for signed-out callers (below, each with why). A route added later without its
 * `requireUser` (or the list calls' `requireBearer`) fails here, whatever feature it belongs to.
 */

/** Routes a signed-out caller may reach: sign-in and its steps, registration and reset by link, health, docs. */
const PUBLIC: Record<string, string> = {
  'GET /healthz': 'load balancer probe',
  'GET /readyz': 'load balancer probe',
  'GET /api/client-config': 'what the sign-in page needs before anyone signs in',
  'GET /api/openapi.json': 'the API description (no data)',
  'POST /api/login': 'sign-in',
  'POST /api/login/mfa': 'the second step of sign-in, by its challenge',
  'POST /api/loginWithToken': 'sign-in by a one-time token from the pharmacy system',
  'POST /api/loginmediprocity': 'sign-in through the messaging service',
  'POST /api/users/authenticate': 'sign-in (the spec’s second name for it)',
  'POST /api/users/register': 'registration',
  'POST /api/users/confirm': 'email confirmation by link',
  'POST /api/users/password-reset': 'asking for a reset link',
  'POST /api/resetPassword': 'setting a password by a reset link',
  'POST /api/logout': 'signing out an already ended session answers the same',
  'GET /api/packingslipdetailsopen':
    'a packing slip behind its signed link (spec 2: /open-deposit-slip is public)',
};

/** Routes the pharmacy system reaches with its API key instead of a session: refused without one (401). */
const API_KEY_PREFIX = '/api/ingest/';

interface Route {
  method: string;
  url: string;
}

/**
 * The routes of `printRoutes({ commonPrefix: false })`: a tree whose lines hold a path segment and its methods,
 * each line's full path its ancestors' segments joined. The API docs' own files are left out (static assets).
 */
function routesOf(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = Math.round(at / 4);
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 4));
    if (!match?.[1]) continue;
    stack.length = depth;
    stack.push(match[1]);
    const url = stack.join('');
    for (const method of match[2]?.split(', ') ?? []) {
      if (method !== 'HEAD' && !url.startsWith('/api/docs')) routes.push({ method, url });
    }
  }
  return routes;
}

/** A concrete URL for a route's pattern: every parameter given a plausible value. */
const concrete = (url: string) => url.replace(/:[\w|:]+/g, '1');

let t: TestApp;
let routes: Route[];

beforeAll(async () => {
  t = await buildTestApp();
  routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
});
afterAll(async () => t.close());

describe('who is asking, on every route', () => {
  it('reads the whole route table', () => {
    // The parser is what the rest rests on: known routes of every feature, with their full paths.
    const names = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const known of [
      'GET /api/highCost',
      'POST /api/requestaction',
      'POST /api/requestaction_readByFaci',
      'GET /api/alerts/:key/:identifier',
      'POST /api/ingest/highCostAlerts',
      'DELETE /api/releasenotes/:id',
      'GET /fs/recycling-bin',
      'GET /api/packingslipdetailsopen',
      'POST /api/edituserinfo',
      'GET /healthz',
    ]) {
      expect(names, known).toContain(known);
    }
    expect(routes.length).toBeGreaterThan(90);
  });

  it('names only public routes that exist', () => {
    const names = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const name of Object.keys(PUBLIC)) expect(names, name).toContain(name);
  });

  it('refuses every other route without a session, and with a token that is no session, with a 401 message', async () => {
    const guarded = routes.filter((r) => !(`${r.method} ${r.url}` in PUBLIC));
    const open: string[] = [];
    for (const route of guarded) {
      for (const authorization of [undefined, `Bearer ${'x'.repeat(43)}`]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: authorization ? { authorization } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const body = response.json() as { message?: unknown };
        if (response.statusCode !== 401 || typeof body.message !== 'string' || body.message === '') {
          open.push(
            `${route.method} ${route.url} (${authorization ? 'bad token' : 'no token'}): ${response.statusCode}`,
          );
        }
      }
    }
    expect(open).toEqual([]);
    // The ingest routes are among them: refused without the pharmacy's key.
    expect(guarded.filter((r) => r.url.startsWith(API_KEY_PREFIX)).length).toBeGreaterThanOrEqual(10);
  });
});
