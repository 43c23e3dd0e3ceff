import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/index.ts';
import {
  ADMIN,
  BILLING,
  DON,
  NOCREDS,
  NURSE,
  PHARMACIST,
  SUPER,
  SYSADMIN,
} from '../../test/demo-accounts.ts';
import {
  ANONYMOUS,
  anyNumber,
  type Caller,
  callers,
  emailOf,
  expectSameAsMissing,
  idText,
  isSignedIn,
  junkText,
  junkValue,
  mostly,
  queryOf,
  RawBody,
  settings,
  sometimes,
  spoiled,
} from '../../test/fuzz.ts';
import { DEMO_EMAILS, FuzzWorld, OPEN_SESSIONS, wholeTable } from '../../test/fuzz-world.ts';

/**
 * The house rule (test/fuzz-world.ts: FuzzWorld.probe) for sign-in and sign-out, the session's user, one-time
 * sign-in tokens, two-step sign-in, registration and password reset by link, and the caller's own account
 * (messaging credentials, dashboard settings, profile and password), over generated hostile but plausible input:
 * never a 5xx; a refusal a JSON `{ message, code }` that changes nothing but the record of a refused attempt;
 * without a session a 401 first on every route that needs one; another tenant's user answered as a missing one.
 * Sign-in throttling is reset before each sign-in run (its own tests cover it), so the properties keep reaching
 * the routes behind it.
 */

const LOGIN_SECRET = 'a-shared-secret-of-at-least-32-characters!';
let w: FuzzWorld;
/** Accounts whose two-step sign-in the properties set up and turn off (the demo accounts are put back). */
const MFA_USERS = ['mfa.a@meadowbrook.test', 'mfa.b@pharmacy.test'];
/** What the properties learn along the way: pending and enabled secrets, recovery codes, emailed link tokens. */
const secrets = new Map<string, string>();
const recoveryCodes = new Map<string, string[]>();
const links: { kind: 'confirm' | 'reset'; email: string; token: string }[] = [];
const LINK_EMAIL = '{link email}';
const LINK_TOKEN = '{link token}';

beforeAll(async () => {
  w = await FuzzWorld.open({ loginTokenSecret: LOGIN_SECRET });
  const hash = sql`(select password_hash from users where email = ${NURSE})`;
  for (const email of MFA_USERS) {
    const type = email.endsWith('@pharmacy.test') ? 'PharmacyUser' : 'FacilityUser';
    await w.db.execute(sql`insert into users (email, display_name, user_type, password_hash)
      values (${email}, 'Two Step', ${type}, ${hash})`);
    if (type === 'FacilityUser')
      await w.db.execute(sql`insert into facility_memberships (user_id, fac_id, role)
        select id, 101, 'Nursing' from users where email = ${email}`);
    else
      await w.db.execute(sql`insert into pharmacy_memberships (user_id, pharm_id, role)
        select id, 'sprx', 'Pharmacist' from users where email = ${email}`);
    await w.refresh(email);
  }
});
afterAll(async () => w?.close());

/** Sign-in attempts are counted per account and address; the properties start each run with none. */
const resetThrottle = () => w.db.execute(sql`delete from login_attempts`);
let address = 0;
const nextAddress = () => `10.55.${Math.floor(address / 250) % 250}.${address++ % 250}`;

const EVERYONE = [...DEMO_EMAILS];
const ACCOUNTS = [...DEMO_EMAILS, ...MFA_USERS];
const password = mostly(
  [DEMO_PASSWORD, DEMO_PASSWORD, 'wrong-pass-1'],
  ['', 'x'.repeat(1025), 'portal-demo-1 ', 'PORTAL-DEMO-1'],
  4,
);

/** The writes of the sign-in, session and account calls. */
const AUTH_WRITES = [
  wholeTable('users'),
  OPEN_SESSIONS,
  wholeTable('user_mfa'),
  wholeTable('password_reset_tokens'),
  wholeTable('email_confirmation_tokens'),
  wholeTable('outbox'),
];

// ---------------------------------------------------------------------------------------------------------------
// Sign-in, sign-out, the session's user.

describe('sign-in, sign-out and the session’s user, under generated bodies', () => {
  it('never answer 5xx; a refused sign-in opens no session and records only the failure', async () => {
    const signIn = fc
      .record({
        url: fc.constantFrom('/api/login', '/api/users/authenticate'),
        email: emailOf(ACCOUNTS),
        password,
      })
      .chain((call) =>
        spoiled(
          { [call.url === '/api/login' ? 'email' : 'username']: call.email, password: call.password },
          {
            email: emailOf(ACCOUNTS),
            username: emailOf(ACCOUNTS),
          },
        ).map((body) => ({ ...call, body })),
      );
    const request = fc.oneof(
      { weight: 3, arbitrary: signIn.map((call) => ({ kind: 'sign-in' as const, ...call })) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constantFrom('tokeninfo' as const, 'logout' as const),
          caller: callers(...EVERYONE),
          query: sometimes(fc.tuple(fc.constantFrom('userId', 'email', 'x'), junkText)),
          body: sometimes(junkValue),
        }),
      },
    );
    await fc.assert(
      fc.asyncProperty(request, async (call) => {
        if (call.kind === 'sign-in') {
          await resetThrottle();
          const response = await w.probe(
            {
              caller: ANONYMOUS,
              method: 'POST',
              url: call.url,
              body: call.body,
              remoteAddress: nextAddress(),
            },
            { writes: [wholeTable('users'), OPEN_SESSIONS], isPublic: true },
          );
          if (response.statusCode === 200)
            expect(
              typeof (response.json() as { token?: unknown }).token === 'string' ||
                MFA_USERS.includes(call.email),
            ).toBe(true);
          return;
        }
        const url = `/api/${call.kind}${call.query ? queryOf([call.query]) : ''}`;
        const response = await w.probe(
          {
            caller: call.caller,
            method: call.kind === 'logout' ? 'POST' : 'GET',
            url,
            ...(call.kind === 'logout' ? { body: call.body } : {}),
          },
          { writes: AUTH_WRITES, keepAccounts: call.kind === 'logout' },
        );
        if (call.kind === 'logout' && response.statusCode === 200) {
          // The caller's session is over: tokeninfo says so, and the next runs get a new one.
          const after = await w.send({ caller: call.caller, method: 'GET', url: '/api/tokeninfo' });
          expect(after.statusCode).toBe(401);
          await w.refresh(call.caller);
        }
        if (call.kind === 'tokeninfo' && response.statusCode === 200)
          expect((response.json() as { userInfo: { email: string } }).userInfo.email).toBe(call.caller);
      }),
      settings(120, 401),
    );
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------------------------
// One-time sign-in tokens.

describe('POST /api/loginWithToken, under generated tokens', () => {
  it('never answers 5xx; only a token signed with the secret, unused, young and naming a live user opens a session', async () => {
    const used = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const claimValue = fc.oneof(
      { weight: 3, arbitrary: emailOf(ACCOUNTS) },
      { weight: 1, arbitrary: junkValue },
    );
    const token = fc.record({
      secret: mostly([LOGIN_SECRET], ['another-secret-of-at-least-32-characters', '']),
      alg: mostly(['HS256'], ['HS512', 'none']),
      sub: sometimes(claimValue, 12),
      jti: mostly<unknown>([null, null, used], ['', 'j\u0000', ['a'], 7, 'x'.repeat(201)]),
      iat: mostly<unknown>([now, now - 60], [now - 301, now + 120, 'now', 1e15, -1]),
      exp: mostly<unknown>([now + 60, now + 600], [now - 1, 1e15, 2 ** 53, 'soon', 1.5]),
      junk: sometimes(
        fc.oneof(junkText, fc.constantFrom('SESSION', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.', 'x'.repeat(3000))),
        8,
      ),
    });
    await fc.assert(
      fc.asyncProperty(token, async (claims) => {
        let bearer: string | undefined = claims.junk;
        if (bearer === undefined && claims.secret) {
          const payload: Record<string, unknown> = {
            sub: claims.sub ?? NURSE,
            jti: claims.jti ?? randomUUID(),
            iat: claims.iat,
            exp: claims.exp,
          };
          try {
            bearer = await new SignJWT(payload)
              .setProtectedHeader({ alg: claims.alg === 'none' ? 'HS256' : claims.alg })
              .sign(new TextEncoder().encode(claims.secret));
          } catch {
            bearer = 'not-signable';
          }
        }
        // A session's own token is no sign-in token either.
        const headers =
          claims.junk === 'SESSION' ? w.authOf(NURSE) : bearer ? { authorization: `Bearer ${bearer}` } : {};
        const response = await w.probe(
          { caller: ANONYMOUS, method: 'POST', url: '/api/loginWithToken', headers },
          { writes: [wholeTable('users'), OPEN_SESSIONS], isPublic: true },
        );
        if (response.statusCode === 200) {
          expect(claims.junk, 'junk opened a session').toBeUndefined();
          expect(claims.secret).toBe(LOGIN_SECRET);
        } else
          expect(response.statusCode, JSON.stringify(claims)).toBe(response.statusCode === 400 ? 400 : 401);
      }),
      settings(120, 402),
    );
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Two-step sign-in.

/** The code an authenticator app shows for a secret, `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

type CodeKind = 'right' | 'next' | 'old' | 'recovery' | 'used-recovery' | 'wrong' | 'junk';
const codeKind = mostly<CodeKind>(
  ['right', 'right', 'recovery', 'wrong'],
  ['next', 'old', 'used-recovery', 'junk'],
);

/** A code of that kind for the caller's secret and recovery codes (as far as the runs so far made them). */
function codeFor(email: string, kind: CodeKind, junk: string): string {
  const secret = secrets.get(email);
  const codes = recoveryCodes.get(email) ?? [];
  switch (kind) {
    case 'right':
      return secret ? codeOf(secret) : '000000';
    case 'next':
      return secret ? codeOf(secret, 2) : '123456';
    case 'old':
      return secret ? codeOf(secret, -3) : '654321';
    case 'recovery':
      return codes[0]?.toLowerCase().replaceAll('-', ' ') ?? 'ABCD-EFGH-JKLM-NPQR';
    case 'used-recovery':
      return 'ZZZZ-ZZZZ-ZZZZ-ZZZZ';
    case 'wrong':
      return '000000';
    default:
      return junk;
  }
}

describe('the two-step sign-in calls, under generated codes and passwords', () => {
  it('never answer 5xx; a wrong code or password changes nothing but the count of failures', async () => {
    const request = fc.record({
      caller: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom<Caller>(...MFA_USERS) },
        { weight: 1, arbitrary: callers(...EVERYONE) },
      ),
      route: fc.constantFrom(
        '/api/mfa',
        '/api/mfa/enrol',
        '/api/mfa/enrol/confirm',
        '/api/mfa/disable',
        '/api/mfa/recovery-codes',
        '/api/login/mfa',
      ),
      code: codeKind,
      junk: fc.oneof(junkText, fc.constantFrom('12345', '1234567', '12 34 56', '١٢٣٤٥٦', 'x'.repeat(65))),
      password: mostly([DEMO_PASSWORD], ['wrong-pass-1', '']),
      challenge: mostly(['fresh', 'fresh', 'used'], ['junk', 'short']),
      spoil: sometimes(
        fc.tuple(fc.constantFrom('code', 'currentPassword', 'challenge', 'extra'), junkValue),
        5,
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        await resetThrottle();
        const email = isSignedIn(r.caller) ? r.caller : (MFA_USERS[0] ?? '');
        const code = codeFor(email, r.code, r.junk);
        let body: Record<string, unknown> | undefined;
        let caller = r.caller;
        if (r.route === '/api/login/mfa') {
          // The password step first (not probed): a challenge of the caller's own, when their two-step sign-in is on.
          const step = await w.send({
            caller: ANONYMOUS,
            method: 'POST',
            url: '/api/login',
            body: { email, password: DEMO_PASSWORD },
          });
          const challenge =
            (step.json() as { challenge?: string }).challenge ?? 'no-challenge-for-this-user-xx';
          const chosen = {
            fresh: challenge,
            used: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
            junk: r.junk,
            short: 'abc',
          }[r.challenge];
          body = { challenge: chosen, code };
          caller = ANONYMOUS;
        } else if (r.route !== '/api/mfa' && r.route !== '/api/mfa/enrol')
          body = { code, currentPassword: r.password };
        if (body && r.spoil) body = { ...body, [r.spoil[0]]: r.spoil[1] };
        const response = await w.probe(
          {
            caller,
            method: r.route === '/api/mfa' ? 'GET' : 'POST',
            url: r.route,
            body,
            remoteAddress: nextAddress(),
          },
          {
            writes: [wholeTable('users'), OPEN_SESSIONS, wholeTable('user_mfa')],
            isPublic: r.route === '/api/login/mfa',
          },
        );
        if (response.statusCode !== 200) return;
        const answer = response.json() as { secret?: string; recoveryCodes?: string[]; token?: string };
        if (r.route === '/api/mfa/enrol' && answer.secret) secrets.set(email, answer.secret);
        if (answer.recoveryCodes) recoveryCodes.set(email, answer.recoveryCodes);
        if (r.route === '/api/mfa/disable') {
          secrets.delete(email);
          recoveryCodes.delete(email);
        }
        if (r.code === 'recovery' && body?.code === code)
          recoveryCodes.set(email, (recoveryCodes.get(email) ?? []).slice(1));
        if (r.route === '/api/login/mfa') expect(typeof answer.token).toBe('string');
      }),
      settings(150, 403),
    );
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Registration, confirmation and password reset by link.

/** The link tokens in the mail queued since `id`, kept for later runs to use (and spoil). */
async function collectLinks(sinceId: number) {
  const mails = await w.q<{ text_body: string; kind: string }>(
    sql`select text_body, kind from outbox where id > ${sinceId} order by id`,
  );
  for (const mail of mails) {
    const link = /\?(email=[^\s]+)/.exec(mail.text_body)?.[1];
    if (!link) continue;
    const params = new URLSearchParams(link);
    links.push({
      kind: mail.kind === 'password.reset' ? 'reset' : 'confirm',
      email: params.get('email') ?? '',
      token: params.get('token') ?? '',
    });
  }
}

describe('registration, confirmation and password reset by link, under generated bodies', () => {
  it('never answer 5xx; a refusal writes nothing but its record; a link works once, for its own account', async () => {
    const newEmail = fc.oneof(
      { weight: 3, arbitrary: fc.nat(30).map((n) => `registered.${n}@example.org`) },
      { weight: 2, arbitrary: emailOf(ACCOUNTS) },
    );
    const request = fc.record({
      route: fc.constantFrom(
        '/api/users/register',
        '/api/users/confirm',
        '/api/users/password-reset',
        '/api/resetPassword',
      ),
      email: newEmail,
      account: emailOf(ACCOUNTS),
      link: fc.nat(),
      linkUse: mostly(['own', 'own', 'other-email'], ['cut', 'junk', 'upper']),
      password: mostly(['fresh-pass-1'], ['short', '', 'x'.repeat(201)]),
      confirmPassword: mostly(['fresh-pass-1'], ['other-pass-1', '']),
      fullname: mostly(['New Person', 'Ünïcode Nämé'], ['', '  ', 'x'.repeat(201)]),
      junk: junkText,
    });
    // The body is spoiled with the link's email and token as placeholders, filled in at run time from the links
    // the earlier runs had mailed.
    const call = request.chain((r) => {
      const base: Record<string, unknown> =
        {
          '/api/users/register': { fullname: r.fullname, email: r.email, password: r.password },
          '/api/users/confirm': { email: LINK_EMAIL, token: LINK_TOKEN, password: r.password },
          '/api/users/password-reset': { username: r.account },
          '/api/resetPassword': {
            email: LINK_EMAIL,
            token: LINK_TOKEN,
            password: r.password,
            confirmPassword: r.confirmPassword,
          },
        }[r.route] ?? {};
      return spoiled(base).map((body) => ({ r, body }));
    });
    await fc.assert(
      fc.asyncProperty(call, async ({ r, body }) => {
        await resetThrottle();
        const kind = r.route === '/api/resetPassword' ? 'reset' : 'confirm';
        const pool = links.filter((l) => l.kind === kind);
        const link = pool.length ? pool[r.link % pool.length] : undefined;
        const token =
          link === undefined
            ? r.junk
            : {
                own: link.token,
                'other-email': link.token,
                cut: link.token.slice(1),
                junk: r.junk,
                upper: link.token.toUpperCase(),
              }[r.linkUse];
        const email = link && r.linkUse !== 'other-email' ? link.email : r.email;
        const filled =
          typeof body === 'object' && body !== null && !Array.isArray(body) && !(body instanceof RawBody)
            ? Object.fromEntries(
                Object.entries(body).map(([name, value]) => [
                  name,
                  value === LINK_EMAIL ? email : value === LINK_TOKEN ? token : value,
                ]),
              )
            : body;
        const [mark] = await w.q<{ id: string | null }>(sql`select max(id)::text as id from outbox`);
        const response = await w.probe(
          { caller: ANONYMOUS, method: 'POST', url: r.route, body: filled, remoteAddress: nextAddress() },
          { writes: AUTH_WRITES, isPublic: true },
        );
        if (response.statusCode === 200) await collectLinks(Number(mark?.id ?? 0));
      }),
      settings(120, 404),
    );
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------------------------
// The caller's own account: messaging credentials, dashboard settings, profile and password.

describe('the own-account calls, under generated bodies', () => {
  it('never answer 5xx; a refusal writes nothing; another tenant’s user is a missing one to the settings call', async () => {
    const userIds = new Map(
      (await w.q<{ id: number; email: string }>(sql`select id, email from users`)).map((u) => [
        u.email,
        Number(u.id),
      ]),
    );
    const ids = [...userIds.values()];
    const settingValues = fc.dictionary(
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc.constantFrom(
            'widget_highCost_SortOrder',
            'widget_openBatch_Show',
            'allowToSetSettings',
          ),
        },
        {
          weight: 1,
          arbitrary: fc.oneof(junkText, fc.constantFrom('widget_nope_Show', '__proto__', 'toString')),
        },
      ),
      fc.oneof(
        fc.boolean(),
        fc.integer({ min: -1, max: 13 }),
        fc.constantFrom('true', 'false', '3', '03', '0x3', '1e0', 'x'.repeat(11)),
        anyNumber,
      ),
      { maxKeys: 3 },
    );
    const call = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          url: fc.constant('/api/usersetting'),
          body: fc
            .record({ UserId: fc.oneof(fc.constantFrom(...ids), idText(ids)), settingValues })
            .chain((body) => spoiled(body)),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          url: fc.constant('/api/loginmediprocity'),
          body: fc
            .record({
              user: mostly(['srx.user', 'Ünïcode'], ['', '  ', 'x'.repeat(201)]),
              password: mostly(['secret'], ['', 'x'.repeat(501)]),
              encryptionKey: mostly(['key-1'], ['', 'x'.repeat(501)]),
            })
            .chain((body) => spoiled(body)),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ url: fc.constant('/api/clearMediprocity'), body: sometimes(junkValue) }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          url: fc.constant('/api/edituserinfo'),
          body: fc
            .record(
              {
                email: fc.constant('SELF'),
                title: mostly(['RN', ''], ['x'.repeat(101)]),
                change: fc.oneof(
                  fc.record({ betaUser: fc.oneof(fc.boolean(), junkValue) }),
                  fc.record({ displayName: mostly(['Renamed Nurse'], ['abc', '', 'x'.repeat(101)]) }),
                  fc.record({ phone: mostly(['(973) 555-0100'], ['555', '']) }),
                  fc.record(
                    {
                      password: mostly(['fresh-pass-1'], ['short']),
                      currentPassword: mostly([DEMO_PASSWORD], ['wrong-pass-1', '']),
                      confirmPassword: mostly(['fresh-pass-1'], ['other-pass-1']),
                    },
                    { requiredKeys: ['password'] },
                  ),
                  fc.constant({}),
                ),
              },
              { requiredKeys: ['email', 'change'] },
            )
            .chain(({ change, ...rest }) => spoiled({ ...rest, ...change }, { email: emailOf(ACCOUNTS) })),
        }),
      },
    );
    await fc.assert(
      fc.asyncProperty(
        callers(NURSE, NURSE, ADMIN, DON, DON, SYSADMIN, PHARMACIST, BILLING, NOCREDS, SUPER),
        call,
        async (caller, c) => {
          await resetThrottle();
          const fields =
            typeof c.body === 'object' && c.body !== null && !Array.isArray(c.body)
              ? (c.body as Record<string, unknown>)
              : null;
          const body =
            fields?.email === 'SELF' ? { ...fields, email: isSignedIn(caller) ? caller : NURSE } : c.body;
          const response = await w.probe(
            { caller, method: 'POST', url: c.url, body },
            { writes: AUTH_WRITES },
          );
          if (c.url !== '/api/usersetting' || !fields || !isSignedIn(caller)) return;
          const target = [...userIds.entries()].find(
            ([, id]) => id === fields.UserId || String(id) === fields.UserId,
          )?.[0];
          if (target && w.hiddenEmails.get(caller)?.has(target)) {
            const twin = {
              ...fields,
              UserId: typeof fields.UserId === 'string' ? '2000000000' : 2_000_000_000,
            };
            expectSameAsMissing(
              response,
              await w.send({ caller, method: 'POST', url: c.url, body: twin }),
              c.url,
            );
          }
        },
      ),
      settings(200, 405),
    );
  }, 180_000);
});
