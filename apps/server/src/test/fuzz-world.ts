import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../config.ts';
import { hashToken } from '../platform/tokens.ts';
import { ADMIN, BILLING, DON, NOCREDS, NURSE, PHARMACIST, SUPER, SYSADMIN } from './demo-accounts.ts';
import {
  ANONYMOUS,
  type Caller,
  checkAnswer,
  expectNoSessionRefused,
  isSignedIn,
  payloadOf,
  rows,
  SIGNED_OUT,
  shown,
  visibleFacilities,
} from './fuzz.ts';
import { bearer, buildTestApp, signIn, type TestApp } from './test-app.ts';

/** Every demo account: the callers of the fuzz tests, and the targets of their user calls. */
export const DEMO_EMAILS = [NURSE, ADMIN, DON, SYSADMIN, PHARMACIST, BILLING, NOCREDS, SUPER] as const;

/** What a property sends: a caller, a method and address, and a body (a value sent as JSON, or a RawBody). */
export interface FuzzRequest {
  caller: Caller;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** How a property checks one request: what the route writes, and what it may leave after a refusal. */
export interface Expectations {
  /** Tables (or parts of them) the route writes, as SQL fragments answering one text each; compared on refusal. */
  writes: readonly SQL[];
  /** The route answers anyone (sign-in, registration): no 401 is due without a session. */
  isPublic?: boolean;
  /**
   * Check that the call leaves every tenant's rows alone (the default for routes that need a session: another
   * tenant's are out of the caller's reach; a public route acting for whoever holds a link says so with false).
   */
  checksOutside?: boolean;
  /** Leave the demo accounts as the call left them (a sign-out the property checks before it signs in again). */
  keepAccounts?: boolean;
}

/** Tables whose rows name their facility, for the check that nobody changes another tenant's rows. */
const FACILITY_TABLES = ['facility_memberships', 'facility_settings', 'facility_contacts', 'files'] as const;

/**
 * The app on a fresh demo world for one fuzz file, with every demo account signed in, a signed-out session, and the
 * tenancy the routes must keep (who sees which facilities and pharmacies, whose emails each may not learn). Calls
 * that change a demo account (delete, password, roles, two-step sign-in) are undone after each success, so every
 * run starts from the demo world's accounts and the tenancy checks keep their meaning.
 */
export class FuzzWorld {
  tokens: Record<string, string> = {};
  visible = new Map<string, Set<number>>();
  pharmacies = new Map<string, Set<string>>();
  /** Emails of demo accounts whose every facility and pharmacy is out of the caller's sight. */
  hiddenEmails = new Map<string, Set<string>>();
  /** The accounts put back after every change: the demo accounts, and any the file adds with `protect`. */
  private accounts: string[] = [...DEMO_EMAILS];
  private accountIds: number[] = [];
  /** Answers by route and status, printed on close with FUZZ_STATS=1: what the generated inputs reached. */
  private readonly tally = new Map<string, number>();

  private constructor(readonly t: TestApp) {}

  static async open(overrides: Partial<Config> = {}): Promise<FuzzWorld> {
    const world = new FuzzWorld(await buildTestApp(overrides));
    await world.setUp();
    return world;
  }

  get db() {
    return this.t.database.db;
  }

  q<T>(query: SQL): Promise<T[]> {
    return rows<T>(this.db, query);
  }

  private async setUp() {
    for (const email of DEMO_EMAILS) this.tokens[email] = await signIn(this.t.app, email);
    this.tokens[SIGNED_OUT] = await signIn(this.t.app, NURSE);
    const out = await this.t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(this.tokens[SIGNED_OUT] ?? ''),
    });
    expect(out.statusCode).toBe(200);
    this.visible = await visibleFacilities(this.db, DEMO_EMAILS);
    expect([...(this.visible.get(DON) ?? [])]).toEqual([201]);
    for (const email of DEMO_EMAILS) {
      const seen = await this.q<{ pharm_id: string }>(sql`
        select p.pharm_id from users u, pharmacies p where u.email = ${email} and (u.user_type = 'SuperAdmin'
          or exists (select 1 from pharmacy_memberships m where m.user_id = u.id and m.pharm_id = p.pharm_id)
          or exists (select 1 from facility_memberships m join facilities f on f.fac_id = m.fac_id
            where m.user_id = u.id and f.pharm_id = p.pharm_id))`);
      this.pharmacies.set(email, new Set(seen.map((p) => p.pharm_id)));
    }
    await this.protect([]);
  }

  /**
   * Adds accounts (created by the file for its calls to aim at) to those put back after every change, and works out
   * again whose emails each caller may not learn.
   */
  async protect(emails: readonly string[]) {
    this.accounts = [...new Set([...this.accounts, ...emails])];
    const places = await this.q<{ email: string; fac_id: number | null; pharm_id: string | null }>(sql`
      select u.email, m.fac_id, null as pharm_id from users u join facility_memberships m on m.user_id = u.id
      union all
      select u.email, null, p.pharm_id from users u join pharmacy_memberships p on p.user_id = u.id`);
    for (const caller of DEMO_EMAILS) {
      const hidden = new Set<string>();
      if (caller !== SUPER)
        for (const email of this.accounts) {
          const own = places.filter((p) => p.email === email);
          const isSeen = own.some((p) =>
            p.fac_id !== null
              ? this.sees(caller, Number(p.fac_id))
              : this.seesPharmacy(caller, p.pharm_id ?? ''),
          );
          // The super admin belongs nowhere; their name on a visible facility's record is no leak.
          if (email !== caller && email !== SUPER && !isSeen) hidden.add(email);
        }
      this.hiddenEmails.set(caller, hidden);
    }
    await this.snapshotAccounts();
  }

  close() {
    if (process.env.FUZZ_STATS)
      console.log(
        [...this.tally.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, n]) => `${String(n).padStart(5)} ${key}`)
          .join('\n'),
      );
    return this.t.close();
  }

  /** The caller's Authorization header (none for the anonymous one). */
  authOf(caller: Caller): Record<string, string> {
    return caller === ANONYMOUS ? {} : bearer(this.tokens[caller] ?? '');
  }

  sees(caller: Caller, facId: number | null | undefined): boolean {
    return facId !== null && facId !== undefined && Boolean(this.visible.get(caller)?.has(facId));
  }

  seesPharmacy(caller: Caller, pharmId: string): boolean {
    return Boolean(this.pharmacies.get(caller)?.has(pharmId));
  }

  async send(request: FuzzRequest): Promise<LightMyRequestResponse> {
    const headers = { ...this.authOf(request.caller), ...request.headers };
    return this.t.app.inject({
      method: request.method,
      url: request.url,
      ...payloadOf(request.body, headers),
      ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    });
  }

  /** One text per table part given, plus the audit trail's and the sign-in attempts' newest ids. */
  async fingerprint(writes: readonly SQL[]) {
    const [marks] = await this.q<{ audit: string | null; attempts: string | null }>(sql`select
      (select max(id)::text from audit_events) as audit, (select max(id)::text from login_attempts) as attempts`);
    const parts: string[] = [];
    for (const part of writes) {
      const [row] = await this.q<{ v: string | null }>(sql`select (${part})::text as v`);
      parts.push(row?.v ?? '');
    }
    return { audit: Number(marks?.audit ?? 0), attempts: Number(marks?.attempts ?? 0), parts };
  }

  /**
   * A text of every row of the facilities the caller may not see (and of the users who belong only there): a
   * call of theirs must leave it as it was, whatever it answers.
   */
  async outsideFingerprint(caller: Caller): Promise<string> {
    const visible = [...(this.visible.get(caller) ?? [])];
    const seen = visible.length
      ? sql`(${sql.join(
          visible.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`(-1)`;
    const parts: string[] = [];
    for (const table of FACILITY_TABLES) {
      const [row] = await this.q<{ v: string | null }>(sql`select md5(coalesce(string_agg(x::text, '|'
        order by x::text), '')) as v from ${sql.identifier(table)} x where x.fac_id not in ${seen}`);
      parts.push(row?.v ?? '');
    }
    const pharmacies = [...(this.pharmacies.get(caller) ?? [])];
    const ours = pharmacies.length
      ? sql`(${sql.join(
          pharmacies.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`('')`;
    const [memberships] = await this.q<{ v: string | null }>(sql`select md5(coalesce(string_agg(x::text, '|'
      order by x::text), '')) as v from pharmacy_memberships x where x.pharm_id not in ${ours}`);
    parts.push(memberships?.v ?? '');
    const [users] = await this.q<{ v: string | null }>(sql`select md5(coalesce(string_agg(
        u.id || ':' || u.email || ':' || u.display_name || ':' || u.phone || ':' || u.title || ':' ||
        u.password_hash || ':' || coalesce(u.deleted_at::text, '-') || ':' || u.settings::text, '|' order by u.id),
        '')) as v
      from users u where (exists (select 1 from facility_memberships m where m.user_id = u.id)
          or exists (select 1 from pharmacy_memberships m where m.user_id = u.id))
        and not exists (select 1 from facility_memberships m where m.user_id = u.id and m.fac_id in ${seen})
        and not exists (select 1 from pharmacy_memberships m where m.user_id = u.id and m.pharm_id in ${ours})`);
    parts.push(users?.v ?? '');
    return parts.join(',');
  }

  /**
   * Sends a request and checks the house rule: never a 5xx, a 4xx a JSON `{ message, code }`; without a session a
   * 401 first (unless the route is public); a refusal changes none of the route's tables and adds to the audit trail
   * only the record of a refused attempt (a failed sign-in, a denied read), never on a bad input (400 with fields);
   * an answer names no facility, pharmacy or person the caller may not see; no call changes another tenant's rows;
   * a success's audit events name only facilities the caller sees.
   */
  async probe(request: FuzzRequest, expectations: Expectations): Promise<LightMyRequestResponse> {
    const { caller } = request;
    const what = `${caller} ${request.method} ${request.url} ${request.body === undefined ? '' : shown(request.body)}`;
    const isChange = request.method !== 'GET';
    const before = await this.fingerprint(expectations.writes);
    const checksOutside = expectations.checksOutside ?? !expectations.isPublic;
    const outsideBefore =
      isChange && checksOutside && caller !== SUPER ? await this.outsideFingerprint(caller) : '';
    const response = await this.send(request);
    const path = request.url.split('?')[0]?.replace(/\/[^/]*\d[^/]*/g, '/:id') ?? '';
    const fields = response.statusCode === 400 ? (response.json() as { fields?: object }).fields : undefined;
    const key = `${request.method} ${path} ${response.statusCode} ${Object.keys(fields ?? {}).join(',')}`;
    this.tally.set(key, (this.tally.get(key) ?? 0) + 1);
    checkAnswer(response, what);
    if (!expectations.isPublic) expectNoSessionRefused(caller, response.statusCode, response.body, what);
    if (outsideBefore)
      expect(await this.outsideFingerprint(caller), `${what}: another tenant's rows`).toBe(outsideBefore);
    const after = await this.fingerprint(expectations.writes);
    const audits = await this.q<{ outcome: string; fac_id: number | null; kind: string }>(
      sql`select outcome, fac_id, kind from audit_events where id > ${before.audit} order by id`,
    );
    if (response.statusCode >= 400) {
      expect(after.parts, `${what}: a refusal changed a table`).toEqual(before.parts);
      const body = response.json() as { code?: string; fields?: unknown };
      const isBadInput = response.statusCode === 400 && body.code === 'VALIDATION_FAILED';
      if (isBadInput) expect(audits, `${what}: a bad input was recorded`).toEqual([]);
      for (const audit of audits)
        expect(audit.outcome, `${what}: a refusal recorded ${audit.kind} as a success`).not.toBe('success');
      const attempts = await this.q<{ succeeded: boolean }>(
        sql`select succeeded from login_attempts where id > ${before.attempts}`,
      );
      if (isBadInput) expect(attempts, `${what}: a bad input counted as an attempt`).toEqual([]);
      return response;
    }
    if (isSignedIn(caller))
      for (const audit of audits)
        expect(
          this.sees(caller, audit.fac_id) || audit.fac_id === null,
          `${what}: ${audit.kind} at ${audit.fac_id}`,
        ).toBe(true);
    if (isSignedIn(caller) && response.headers['content-type']?.toString().startsWith('application/json'))
      this.expectOnlyVisible(caller, response.json(), what);
    if (isChange && !expectations.keepAccounts) await this.restoreAccounts();
    return response;
  }

  /**
   * An answer names only facilities and pharmacies the caller sees, and no email of someone out of their sight. An
   * audit event's `detail` is left out: it records what was asked (a filter's facId, say), not what was found.
   */
  expectOnlyVisible(caller: Caller, body: unknown, what: string) {
    const hidden = this.hiddenEmails.get(caller) ?? new Set<string>();
    const walk = (value: unknown, key: string) => {
      if (key === 'detail') return;
      if (Array.isArray(value)) for (const item of value) walk(item, key);
      else if (value && typeof value === 'object')
        for (const [name, item] of Object.entries(value)) walk(item, name);
      else if (typeof value === 'number' && /^fac(i)?_?id$/i.test(key))
        expect(this.sees(caller, value), `${what}: ${key} ${value} in the answer`).toBe(true);
      else if (typeof value === 'string' && /^(pharm_?id|pharid|pharmacyId)$/i.test(key))
        expect(this.seesPharmacy(caller, value), `${what}: ${key} ${value} in the answer`).toBe(true);
      else if (typeof value === 'string' && hidden.has(value.toLowerCase()))
        expect.fail(`${what}: ${value} in the answer`);
    };
    walk(body, '');
  }

  /** A fresh session for a demo account whose session a call ended (its own sign-out, say). */
  async refresh(caller: Caller) {
    if (isSignedIn(caller)) this.tokens[caller] = await signIn(this.t.app, caller);
  }

  private async snapshotAccounts() {
    const emails = sql.join(
      this.accounts.map((e) => sql`${e}`),
      sql`, `,
    );
    for (const table of [
      'fuzz_users',
      'fuzz_facility_memberships',
      'fuzz_pharmacy_memberships',
      'fuzz_user_mfa',
    ])
      await this.db.execute(sql`drop table if exists ${sql.identifier(table)}`);
    await this.db.execute(sql`create table fuzz_users as select * from users where email in (${emails})`);
    await this.db.execute(sql`create table fuzz_facility_memberships as
      select * from facility_memberships where user_id in (select id from fuzz_users)`);
    await this.db.execute(sql`create table fuzz_pharmacy_memberships as
      select * from pharmacy_memberships where user_id in (select id from fuzz_users)`);
    await this.db.execute(sql`create table fuzz_user_mfa as
      select * from user_mfa where user_id in (select id from fuzz_users)`);
    this.accountIds = (await this.q<{ id: number }>(sql`select id from fuzz_users`)).map((r) => Number(r.id));
    expect(this.accountIds).toHaveLength(this.accounts.length);
  }

  /**
   * Puts the demo accounts (and the protected ones) back as they were made: their rows, roles and two-step sign-in, and the fuzz
   * sessions (never the signed-out one). A user created since with a demo account's email is ended first.
   */
  async restoreAccounts() {
    const ids = sql.join(
      this.accountIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const hashes = sql.join(
      DEMO_EMAILS.map((e) => sql`${hashToken(this.tokens[e] ?? '')}`),
      sql`, `,
    );
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`update users set deleted_at = now() where deleted_at is null and id not in (${ids})
        and lower(email) in (select lower(email) from fuzz_users)`);
      await tx.execute(sql`update users u set email = s.email, display_name = s.display_name, phone = s.phone,
        title = s.title, password_hash = s.password_hash, email_confirmed_at = s.email_confirmed_at,
        must_change_password = s.must_change_password, beta_user = s.beta_user, settings = s.settings,
        mediprocity_user = s.mediprocity_user, mediprocity_secret = s.mediprocity_secret, deleted_at = s.deleted_at
        from fuzz_users s where s.id = u.id`);
      await tx.execute(sql`delete from facility_memberships where user_id in (${ids})`);
      await tx.execute(sql`insert into facility_memberships select * from fuzz_facility_memberships`);
      await tx.execute(sql`delete from pharmacy_memberships where user_id in (${ids})`);
      await tx.execute(sql`insert into pharmacy_memberships select * from fuzz_pharmacy_memberships`);
      await tx.execute(sql`delete from user_mfa where user_id in (${ids})`);
      await tx.execute(sql`insert into user_mfa select * from fuzz_user_mfa`);
      await tx.execute(sql`update sessions set revoked_at = null where token_hash in (${hashes})`);
    });
  }
}

/** A text of a whole table, for `Expectations.writes`: any change to any row of it shows. */
export const wholeTable = (table: string, where: SQL = sql`true`) =>
  sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${sql.identifier(table)} x where ${where}`;

/** The sessions as a refusal must leave them: which are open (the idle clock may move on any call). */
export const OPEN_SESSIONS = sql`select md5(coalesce(string_agg(id || ':' || coalesce(revoked_at::text, '-'), '|'
  order by id), '')) from sessions`;
