import { randomUUID } from 'node:crypto';
import { ENDPOINTS, WIDGETS, type Widget } from '@portal/domain';
import { INGEST_EXAMPLES } from '@portal/server/src/features/ingest/examples.ts';
import type { Page } from 'playwright-core';
import { ALL_CARDS_HAVE_ROWS } from './dashboard-render.ts';

const WAIT_MS = 30_000;
/** Every pharmacy reply the memory part posts starts with this, so that it can find (and remove) them. */
export const MEMORY_REPLY_PREFIX = 'bench-memory';

/** One alert the pharmacy user answers: its widget (as requestaction names it), id, facility and pharmacy. */
export interface ReplyTarget {
  readonly widget: string;
  readonly id: number;
  readonly facID: number;
  readonly pharmID: string;
}

/** Signs a user in over HTTP and answers the bearer token. */
export async function login(appUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${appUrl}/api${ENDPOINTS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 200 || !body.token) throw new Error(`sign-in of ${email}: ${response.status}`);
  return body.token;
}

/** The nurse's live alerts on the first page of each widget answered by id (not the grouped admission reviews). */
export async function replyTargets(appUrl: string, nurseToken: string): Promise<ReplyTarget[]> {
  const targets: ReplyTarget[] = [];
  for (const widget of WIDGETS) {
    if (widget.key === 'admissionMeds') continue;
    const response = await fetch(`${appUrl}/api${widget.listCall}`, {
      headers: { authorization: `Bearer ${nurseToken}` },
    });
    const answer = (await response.json()) as Record<string, unknown>;
    const rows = answer.results ?? answer[widget.listKey];
    if (!Array.isArray(rows)) continue;
    for (const row of rows.slice(0, 5) as { _internalID: number; facID: number; pharmID: string }[])
      targets.push({
        widget: widget.actionWidget,
        id: row._internalID,
        facID: row.facID,
        pharmID: row.pharmID,
      });
  }
  return targets;
}

/**
 * Answers of the pharmacy side, as its users send them: `POST /api/requestaction` with requestedAction 'Reply'.
 * Each one writes an entry in the alert's thread and marks it unread for the facility, which reaches the nurse's
 * page as live events that change the row in place.
 */
export function pharmacyReplies(appUrl: string, token: string, targets: readonly ReplyTarget[]) {
  let sent = 0;
  return {
    count: () => sent,
    async send(n: number): Promise<void> {
      for (let i = 0; i < n; i++) {
        const target = targets[sent % targets.length];
        if (!target) return;
        const response = await fetch(`${appUrl}/api${ENDPOINTS.requestAction}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            requestedAction: 'Reply',
            widget: target.widget,
            _internalID: target.id,
            actionComment: `${MEMORY_REPLY_PREFIX} ${sent}`,
          }),
        });
        await response.body?.cancel();
        if (response.status !== 200)
          throw new Error(`Reply on ${target.widget} ${target.id}: ${response.status}`);
        sent += 1;
      }
    },
  };
}

/**
 * The pharmacy system's side of a shift: through its API key (`POST /api/ingest/highCost`) it sends new alerts
 * for the nurse's facility, which reach the page as live events (rows put on top) and in the 30-second poll, and
 * archives each again a few cycles later, so the list turns over as a ward's does while its length stays put.
 */
export async function pharmacySystem(appUrl: string, adminToken: string, facID: number, pharmID: string) {
  const made = await fetch(`${appUrl}/api${ENDPOINTS.pharmacyKeys}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pharmID, name: `bench memory ${new Date().toISOString()}` }),
  });
  if (!made.ok) throw new Error(`pharmacy key: ${made.status} ${await made.text()}`);
  const { secret } = (await made.json()) as { secret: string };
  const url = `${appUrl}/api${ENDPOINTS.ingest.replace(':key', 'highCost')}`;
  const live: Record<string, unknown>[] = [];
  let sent = 0;
  const post = async (alerts: Record<string, unknown>[]) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ alerts }),
    });
    if (response.status !== 200) throw new Error(`ingest: ${response.status} ${await response.text()}`);
    await response.body?.cancel();
  };
  return {
    count: () => sent,
    /** One new alert; the oldest of those still live is archived once more than `keep` are. */
    async turnOver(keep: number): Promise<void> {
      const alert = {
        ...INGEST_EXAMPLES.highCost,
        _internalUUID: randomUUID(),
        rxNo: String(8_000_000 + sent),
        facID,
        patName: `Memory, Bench ${sent}`,
        dateCreated: new Date().toISOString(),
      };
      sent += 1;
      live.push(alert);
      await post([alert]);
      if (live.length > keep)
        await post(live.splice(0, live.length - keep).map((a) => ({ ...a, archived: true })));
    },
    /** Archives every alert it sent that is still live: the lists are as they were before the first. */
    async archiveAll(): Promise<void> {
      if (live.length > 0) await post(live.splice(0).map((a) => ({ ...a, archived: true })));
    },
  };
}

/**
 * Counts the page's API requests in flight (not the live-update stream, which stays open) and answers a wait
 * for none: quiet twice in a row, 50 ms apart, so a refetch that a live event starts just as another ends counts.
 */
export function trackRequests(page: Page): () => Promise<void> {
  let inFlight = 0;
  const isCall = (url: string) => url.includes('/api/') && !url.includes(`/api${ENDPOINTS.events}`);
  page.on('request', (request) => {
    if (isCall(request.url())) inFlight += 1;
  });
  const done = (request: { url: () => string }) => {
    if (isCall(request.url())) inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const started = Date.now();
    let quiet = 0;
    while (quiet < 2) {
      await page.waitForTimeout(50);
      quiet = inFlight === 0 ? quiet + 1 : 0;
      if (Date.now() - started > WAIT_MS) throw new Error(`${inFlight} requests still open`);
    }
  };
}

/** Waits until every dashboard card shows table rows. */
export const onDashboard = (page: Page) =>
  page.waitForFunction(ALL_CARDS_HAVE_ROWS, undefined, { polling: 100, timeout: WAIT_MS });

/** Presses every card's Refresh: what its timers call (the list's refetch and, for the paged ones, the poll). */
export async function refreshEveryCard(page: Page, idle: () => Promise<void>): Promise<void> {
  await page.$$eval('[data-testid="dashboard-widgets"] button[aria-label^="Refresh "]', (buttons) => {
    for (const button of buttons) (button as HTMLButtonElement).click();
  });
  await idle();
}

/** Opens the first row of a card, shows its second tab (Actions or Discussions), then closes it with Escape. */
export async function openAndCloseAlert(page: Page, card: number, idle: () => Promise<void>): Promise<void> {
  const row = page
    .locator('[data-testid="dashboard-widgets"] section')
    .nth(card)
    .locator('tbody tr[tabindex]');
  await row.first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab').nth(1).click({ timeout: WAIT_MS });
  await dialog.getByRole('tabpanel').waitFor({ timeout: WAIT_MS });
  await idle();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
}

const widgetPagePath = (widget: Widget, archive: boolean) =>
  `/alerts/${widget.path}${archive ? '/archive' : ''}`;

/** Dashboard, the card's widget page, its archive, then Back twice (the browser's, as a nurse would). */
export async function visitWidgetPages(page: Page, widget: Widget, idle: () => Promise<void>): Promise<void> {
  await page.locator(`a[aria-label="Open ${widget.title}"]`).click();
  await page.waitForURL((url) => url.pathname === widgetPagePath(widget, false), { timeout: WAIT_MS });
  await page.getByRole('link', { name: 'Archive' }).click();
  await page.waitForURL((url) => url.pathname === widgetPagePath(widget, true), { timeout: WAIT_MS });
  await idle();
  await page.goBack({ waitUntil: 'commit' });
  await page.goBack({ waitUntil: 'commit' });
  await onDashboard(page);
}
