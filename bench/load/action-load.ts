import { randomUUID } from 'node:crypto';
import { ENDPOINTS, REQUEST_KEY_HEADER, widgetByKey } from '@portal/domain';
import { type BenchTarget, type LoadSettings, tokenOf } from './bench-target.ts';
import { BENCH_USERS } from './bench-world.ts';
import { type HttpLoad, loadHttp } from './http-load.ts';
import { interleaved } from './pairs.ts';
import { inlineStatement, type PgbenchResult, runPgbench } from './pgbench.ts';

const COMMENT_PREFIX = 'bench-action';
// The live alerts the actions rotate over; more than one run sends, so no two requests share an alert in a row.
const MAX_ALERTS = 5000;

/** Whether every acknowledged action is stored exactly once. */
export interface ActionCount {
  readonly acknowledged: number;
  readonly lost: number;
  readonly doubled: number;
  /** Stored without an answer: requests cut off when the run ended, committed but never acknowledged. */
  readonly unacknowledged: number;
}

/** requestaction throughput against pgbench running the route's own transaction. */
export interface ActionResult {
  readonly engine: string;
  readonly statementsPerRequest: number;
  /** Statements inside the transaction, when the capture saw them (PostgreSQL). */
  readonly transactionStatements: number;
  readonly app: HttpLoad[];
  readonly counts: ActionCount[];
  readonly pgbench: PgbenchResult[];
}

async function liveAlertIds(target: BenchTarget, headers: Record<string, string>): Promise<number[]> {
  const widget = widgetByKey('highCost');
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_ALERTS / 100 && ids.length < MAX_ALERTS; page++) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await fetch(`${target.app.url}/api${widget.listCall}${query}`, { headers });
    const answer = (await response.json()) as {
      highCostList: { _internalID: number }[];
      cursor: string | null;
    };
    ids.push(...answer.highCostList.map((a) => a._internalID));
    cursor = answer.cursor;
    if (!cursor) break;
  }
  return ids;
}

/**
 * The goal baseline as a pgbench script on a random alert: the bare transaction a Discuss writes (insert the
 * action, update the alert, audit), with the bench user's values. Since the route sends ONE statement for
 * everything (session, tenancy, permissions, the write: action-statement.ts), its write can no longer be picked
 * out of what it sends; it is built here as the route sent it before (three statements in a transaction), so the
 * baseline keeps meaning "the database's ceiling for the write". `statements` counts what one real request sent.
 */
async function transactionScript(
  target: BenchTarget,
  headers: Record<string, string>,
  alertId: number,
  email: string,
): Promise<{ script: string; statements: number; transaction: number }> {
  const captured = await target.app.capture('POST', `/api${ENDPOINTS.requestAction}`, headers, {
    requestedAction: 'ask',
    widget: widgetByKey('highCost').actionWidget,
    _internalID: alertId,
    actionComment: `${COMMENT_PREFIX} pgbench`,
  });
  if (captured.status !== 200) throw new Error(`requestaction: ${captured.status} ${captured.body}`);
  const [who] = await target.app.query<{ id: number; display_name: string; fac_id: number }>(
    `select u.id, u.display_name, a.fac_id from users u, alerts a where u.email = $1 and a.id = $2`,
    [email, alertId],
  );
  if (!who) throw new Error(`${email}: no such user`);
  const lines = [
    {
      text: `insert into alert_actions (alert_id, action, comment, limit_days, requested_by_user_id, requested_by, read_by_faci,
          request_key)
        values (:aid, 'ask', $1, null, $2, $3, null, gen_random_uuid())`,
      values: [`${COMMENT_PREFIX} pgbench`, who.id, who.display_name],
    },
    {
      text: `update alerts set srx_status = 'ask', updated_at = now() where id = :aid`,
      values: [],
    },
    {
      text: `insert into audit_events (user_id, actor, kind, record_type, record_id, fac_id, ip, outcome, detail)
        values ($1, $2, 'alert.action', 'highCost', (:aid)::text, $3, '127.0.0.1', 'success', $4)`,
      values: [who.id, email, who.fac_id, { action: 'ask', limitDays: null }],
    },
  ].map((s) => `${inlineStatement(s)};`);
  return {
    script: `\\set aid random(${alertId}, ${alertId + 10_000})\nbegin;\n${lines.join('\n')}\ncommit;\n`,
    statements: captured.statements.length,
    transaction: 0,
  };
}

/**
 * POST /api/requestaction (Discuss 'ask' with a unique comment, rotating over thousands of live alerts) at N
 * connections, against pgbench running the same transaction; after each route run, every comment answered 200
 * is counted in alert_actions: each must be there exactly once. The bench's actions are deleted at the end.
 */
export async function measureActions(
  target: BenchTarget,
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<ActionResult> {
  const user = BENCH_USERS.at(-1);
  if (!user) throw new Error('no bench user');
  const headers = { authorization: `Bearer ${tokenOf(target, user.email)}` };
  const ids = await liveAlertIds(target, headers);
  const first = ids[0];
  if (first === undefined) throw new Error('no live alerts to act on');
  const captured = await transactionScript(target, headers, first, user.email);
  log(
    `  ${target.engine}: ${ids.length} alerts, ${captured.statements} statements per call` +
      '; pgbench: the bare insert, update and audit transaction',
  );
  const result: ActionResult = {
    engine: target.engine,
    statementsPerRequest: captured.statements,
    transactionStatements: captured.transaction,
    app: [],
    counts: [],
    pgbench: [],
  };
  const runRoute = async (round: number) => {
    const tag = `${COMMENT_PREFIX} ${Date.now()}-${round}`;
    const acknowledged = new Set<string>();
    let next = 0;
    const load = await loadHttp(
      target.app,
      {
        path: `/api${ENDPOINTS.requestAction}`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (request, context) => {
          const n = next++;
          const comment = `${tag} ${n}`;
          Reflect.set(context, 'comment', comment);
          return {
            ...request,
            // As the web app sends it: each action with its own Idempotency-Key.
            headers: { ...request.headers, [REQUEST_KEY_HEADER]: randomUUID() },
            body: JSON.stringify({
              requestedAction: 'ask',
              widget: 'HighCost',
              _internalID: ids[n % ids.length],
              actionComment: comment,
            }),
          };
        },
        onResponse: (status, _body, context) => {
          if (status === 200) acknowledged.add(String(Reflect.get(context, 'comment')));
        },
      },
      settings.connections,
      settings.seconds,
    );
    result.app.push(load);
    result.counts.push(await countActions(target, tag, acknowledged));
  };
  const url = target.databaseUrl;
  let round = 0;
  await interleaved(
    settings.rounds,
    [
      () => runRoute(++round),
      async () => {
        if (url)
          result.pgbench.push(await runPgbench(url, captured.script, settings.connections, settings.seconds));
      },
    ],
    (r) => {
      const load = result.app.at(-1);
      const count = result.counts.at(-1);
      const pgbench = result.pgbench.at(-1);
      log(
        `    round ${r}: route ${load?.requestsPerSecond.toFixed(0)} req/s p50 ${load?.p50} ms p99 ${load?.p99} ms ` +
          `cpu ${load?.cpuMsPerRequest.toFixed(2)} ms/req, ${count?.acknowledged} acknowledged, ${count?.lost} lost, ` +
          `${count?.doubled} doubled, ${count?.unacknowledged} unacknowledged` +
          (pgbench ? `; pgbench ${pgbench.tps.toFixed(0)} tps` : ''),
      );
    },
  );
  // The audit log is append-only (a trigger refuses deletes), so the bench's audit rows stay with the database.
  await target.app.query(`delete from alert_actions where comment like $1`, [`${COMMENT_PREFIX} %`]);
  return result;
}

async function countActions(
  target: BenchTarget,
  tag: string,
  acknowledged: Set<string>,
): Promise<ActionCount> {
  const rows = await target.app.query<{ comment: string; n: number }>(
    `select comment, count(*)::int as n from alert_actions where comment like $1 group by comment`,
    [`${tag} %`],
  );
  const stored = new Map(rows.map((r) => [r.comment, r.n]));
  let lost = 0;
  for (const comment of acknowledged) if (!stored.has(comment)) lost++;
  return {
    acknowledged: acknowledged.size,
    lost,
    doubled: rows.filter((r) => r.n > 1).length,
    unacknowledged: rows.filter((r) => !acknowledged.has(r.comment)).length,
  };
}
