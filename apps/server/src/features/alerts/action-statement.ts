import type { Widget } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mustEnrolMfaSql } from '../../platform/mfa-gate.ts';
import type { SessionPolicy } from '../../platform/sessions.ts';
import { hashToken } from '../../platform/tokens.ts';
import type { ListStatementUser } from './list-statement.ts';
import { executePrepared } from './prepared.ts';

// A request refreshes the idle clock at most once a minute (as sessions.ts does).
const TOUCH_AFTER_MS = 60_000;

/** What one `POST /requestaction` asks the database, decided by the route before the statement. */
export interface ActionStatementRequest {
  token: string;
  policy: SessionPolicy;
  now: Date;
  /** Null: the body names no known widget (nothing is found, nothing is written). */
  widget: Widget | null;
  by: { id: number } | { identifier: string };
  /**
   * The alert's `_internalUUID` as the client saw it (lower case), or null when it sent none. Among the alerts `by`
   * names it picks the one with this UUID; when none has it, the one found is answered but nothing is written.
   */
  uuid: string | null;
  action: string;
  comment: string;
  limitDays: number | null;
  isReply: boolean;
  /** The widget offers the action as a button (a Reply is never a button). */
  offered: boolean;
  /** The permission key the button needs (null: the button needs none). */
  permissionKey: string | null;
  /** highCostAlerts' ask: only the pharmacy's permission counts (canUseButton). */
  pharmacyKeyOnly: boolean;
  ip: string;
  /** The client's Idempotency-Key (a UUID), or null when it sent none. */
  requestKey: string | null;
}

/** The alert the viewer named, as far as they may see it, with what decides whether they may act on it. */
export interface ActionStatementTarget {
  id: number;
  uuid: string;
  facId: number;
  rxNo: string;
  isArchived: boolean;
  facilityKeys: string[];
  pharmacyKeys: string[];
  userKeys: string[];
}

export interface ActionStatementAnswer {
  user: (ListStatementUser & { mustEnrolMfa: boolean; hasCredentials: boolean }) | null;
  target: ActionStatementTarget | null;
  written: boolean;
  /**
   * Every check passed but the user had already used the request key: nothing was written (the earlier entry's
   * request is the one that counts).
   */
  replayed: boolean;
}

/** `a.id = $1`, or the widget's identifier (admission group or Rx number). */
function match(widget: Widget | null, by: ActionStatementRequest['by']): SQL {
  if ('id' in by) return sql`a.id = ${by.id}`;
  return widget?.identifier === 'admissionMedsGroupID'
    ? sql`a.group_id = ${by.identifier}`
    : sql`a.rx_no = ${by.identifier}`;
}

/**
 * A whole `POST /requestaction` in ONE statement (bench/README.md): the session (as the list statement checks
 * it, and whether MFA_REQUIRED_FOR_ADMINS holds the user back, as sessions.ts does), the alert among the facilities
 * the viewer may see (the one with the client's `_internalUUID` first, then live before archived, newest first, as
 * findAlertRow), the facility, pharmacy and own permission keys that canUseButton reads (as access.ts builds them),
 * the messaging credentials, whether it is the alert the client saw (its `_internalUUID`), and, only when every
 * check passes, the action row, the alert's new state and the audit event, as data-modifying CTEs of the same
 * statement (one transaction). The route replays the checks on what the statement answers to pick the refusal, and
 * refuses to answer 200 unless the statement wrote.
 */
export async function runActionStatement(db: Db, r: ActionStatementRequest): Promise<ActionStatementAnswer> {
  const idleSince = new Date(r.now.getTime() - r.policy.idleMinutes * 60_000);
  const touchBefore = new Date(r.now.getTime() - TOUCH_AFTER_MS);
  const key = r.permissionKey;
  // canUseButton, on the keys found: the archive only takes ask; a button without a verb needs no key.
  const buttonAllowed = !r.offered
    ? sql`false`
    : sql`(not t.is_archived or ${r.action}::text = 'ask') and (${key}::text is null or (
        ${key}::text = any(p.pharmacy_keys) and (${r.pharmacyKeyOnly}::boolean or (
          ${key}::text = any(p.facility_keys)
          and (me.user_type <> 'PharmacyUser' or ${key}::text = any(p.user_keys))))))`;
  const allowed = r.isReply ? sql`me.user_type <> 'FacilityUser'` : buttonAllowed;
  const changes = r.isReply
    ? sql`read_by_faci = case when a.read_by_faci is null then null else false end`
    : // An archived alert's status is its outcome: a question asked about it later joins the thread and leaves it.
      sql`srx_status = case when a.is_archived then a.srx_status else ${r.action} end`;
  const statement = sql`with me as (
  select s.id as session_id, u.id, u.email, u.display_name, u.user_type, u.must_change_password,
    (select ${mustEnrolMfaSql(r.policy.mfaRequiredForAdmins ?? false)} from users where users.id = u.id)
      as must_enrol_mfa,
    s.last_seen_at < ${touchBefore.toISOString()}::timestamptz as stale,
    (coalesce(u.mediprocity_user, '') <> '' and u.mediprocity_secret is not null) as has_credentials
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = ${hashToken(r.token)} and s.revoked_at is null
    and s.expires_at > ${r.now.toISOString()}::timestamptz and s.last_seen_at > ${idleSince.toISOString()}::timestamptz
    and u.deleted_at is null
  limit 1
), t as (
  select a.id, a.uuid, a.fac_id, a.pharm_id, a.rx_no, a.is_archived from me, alerts a
  where not me.must_change_password and not me.must_enrol_mfa and a.widget = ${r.widget?.key ?? ''} and ${match(r.widget, r.by)}
    and (me.user_type = 'SuperAdmin'
      or (me.user_type = 'FacilityUser' and exists (
        select 1 from facility_memberships m where m.user_id = me.id and m.fac_id = a.fac_id))
      or (me.user_type = 'PharmacyUser' and exists (
        select 1 from pharmacy_memberships m join facilities f on f.pharm_id = m.pharm_id
        where m.user_id = me.id and f.fac_id = a.fac_id)))
  -- The one the client saw first, when the id names several (an admission group live and archived).
  order by (a.uuid = ${r.uuid}::uuid) is true desc, a.is_archived, a.date_created desc
  limit 1
  -- The alert is locked before anything is written: two answers to one alert at once are applied one after the
  -- other, so the second's entry comes after the first's (id and time) and its status is the one that stays.
  for update of a
), p as (
  select
    array(select fp.key from facility_permissions fp where fp.fac_id = t.fac_id
      and (me.user_type <> 'FacilityUser' or exists (
        select 1 from facility_memberships m join role_permissions g
          on g.entity = 'facility' and g.role = m.role and g.key = fp.key
        where m.user_id = me.id and m.fac_id = t.fac_id))) as facility_keys,
    array(select pp.key from pharmacy_permissions pp where pp.pharm_id = t.pharm_id and (
      (me.user_type = 'SuperAdmin' and exists (select 1 from pharmacies ph where ph.pharm_id = t.pharm_id))
      or (me.user_type = 'PharmacyUser' and exists (
        select 1 from pharmacy_memberships m where m.user_id = me.id and m.pharm_id = t.pharm_id))
      or (me.user_type = 'FacilityUser' and exists (
        select 1 from facility_memberships m join facilities f on f.fac_id = m.fac_id
        where m.user_id = me.id and f.pharm_id = t.pharm_id)))) as pharmacy_keys,
    array(select g.key from pharmacy_memberships m join role_permissions g
        on g.entity = 'pharmacy' and g.role = m.role
      where me.user_type = 'PharmacyUser' and m.user_id = me.id and m.pharm_id = t.pharm_id) as user_keys
  from me, t
), ok as (
  select t.id, t.fac_id, me.id as user_id, me.email, me.display_name from me, t, p
  where me.has_credentials and ${allowed}
    -- Not the alert the client saw (it changed since): nothing is written, the route answers 409.
    and (${r.uuid}::uuid is null or t.uuid = ${r.uuid}::uuid)
), ins as (
  insert into alert_actions (alert_id, action, comment, limit_days, requested_by_user_id, requested_by, read_by_faci,
    sent_at, request_key)
  select ok.id, ${r.action}, ${r.comment}, ${r.limitDays}::int, ok.user_id, ok.display_name,
    ${r.isReply ? sql`false` : sql`null::boolean`},
    -- The time it is written (after the lock), not the transaction's start: a later answer sorts later.
    clock_timestamp(), ${r.requestKey}::uuid
  from ok
  -- A key the user already used (a retry, or the same request twice at once: the second waits for the first's
  -- commit) writes nothing here, and so nothing below.
  on conflict (requested_by_user_id, request_key) where request_key is not null do nothing
  returning alert_id
), upd as (
  update alerts a set ${changes}, updated_at = ${r.now.toISOString()}::timestamptz
  from ins where a.id = ins.alert_id
  returning a.id
), aud as (
  insert into audit_events (user_id, actor, kind, record_type, record_id, fac_id, ip, outcome, detail)
  select ok.user_id, ok.email, 'alert.action', ${r.widget?.key ?? ''}, ok.id::text, ok.fac_id, ${r.ip}, 'success',
    jsonb_build_object('action', ${r.action}::text, 'limitDays', ${r.limitDays}::int)
  from ok join ins on ins.alert_id = ok.id
  returning id
)
select
  (select json_build_object('sessionId', session_id, 'id', id, 'email', email, 'displayName', display_name,
     'userType', user_type, 'mustChangePassword', must_change_password, 'mustEnrolMfa', must_enrol_mfa,
     'stale', stale,
     'hasCredentials', has_credentials) from me) as "user",
  (select json_build_object('id', t.id, 'uuid', t.uuid, 'facId', t.fac_id, 'rxNo', t.rx_no, 'isArchived', t.is_archived,
     'facilityKeys', p.facility_keys, 'pharmacyKeys', p.pharmacy_keys, 'userKeys', p.user_keys)
   from t, p) as "target",
  (select count(*) from ins) + (select count(*) from upd) + (select count(*) from aud) = 3 as "written",
  exists (select 1 from ok) and not exists (select 1 from ins) as "replayed"`;
  const [answer] = await executePrepared<ActionStatementAnswer>(db, statement, 'alerts_action');
  return {
    user: answer?.user ?? null,
    target: answer?.target ?? null,
    written: answer?.written === true,
    replayed: answer?.replayed === true,
  };
}
