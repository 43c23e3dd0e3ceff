import type { Browser, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken } from './support/api.ts';
import { expectAccessible, newPage, watchConsole } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

let portal: Portal;
let browser: Browser;

withPortalAndBrowser((p, b) => {
  portal = p;
  browser = b;
});

const NURSE = 'nurse@meadowbrook.test';
// A pharmacy SysAdmin of sprx with messaging credentials (pharmacist@pharmacy.test has none, so no Reply box).
const PHARMACY = 'sysadmin@pharmacy.test';
const PRIOR_AUTH = 'PRIOR AUTHORIZATION MEDICATION';
const PATIENT_MISSING = 'PATIENT MISSING';

/** Signs in through the form and waits until the dashboard is shown and the live-updates stream is open. */
async function signedIn(email: string) {
  const { context, page } = await newPage(browser);
  const errors = watchConsole(page);
  // The stream answers its headers at once and then stays open: its response means the tab is listening.
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events', {
    timeout: 30_000,
  });
  await signInThroughForm(page, portal.url, email);
  await waitForPath(page, '/dashboard');
  const stream = await streamOpen;
  expect(stream.status()).toBe(200);
  expect(stream.request().headers().authorization).toMatch(/^Bearer /);
  return { context, page, errors };
}

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

/**
 * From now on, until `release()`: counts the page's loads, and holds back every GET of the widget's list call and
 * of its alerts' detail call unanswered. What shows meanwhile can only have come through the live stream, even if
 * a 30-second poll or a refetch fires in the window (under load the window can cross a poll).
 */
async function holdRefetches(page: Page, widgetKey: string, listPath: string) {
  let loads = 0;
  const held: Route[] = [];
  page.on('load', () => {
    loads += 1;
  });
  const isRefetch = (url: URL) =>
    url.pathname === `/api${listPath}` || url.pathname.startsWith(`/api/alerts/${widgetKey}/`);
  const hold = (route: Route) => {
    if (route.request().method() === 'GET') held.push(route);
    else void route.fallback();
  };
  await page.route(isRefetch, hold);
  return {
    loads: () => loads,
    release: async () => {
      await page.unroute(isRefetch, hold);
      await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
    },
  };
}

async function postJson(path: string, bearer: string, body: unknown) {
  return fetch(`${portal.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A patMissing alert sent by the pharmacy system through an API key (made once per key name). */
async function ingester(keyName: string) {
  const sysadmin = await apiToken(portal.url, PHARMACY);
  const created = await postJson('/pharmacy-keys', sysadmin, { pharmID: 'sprx', name: keyName });
  expect(created.status).toBe(201);
  const { secret } = (await created.json()) as { secret: string };
  return async (patName: string) => {
    const ingested = await fetch(`${portal.url}/api/ingest/patMissing`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        _internalUUID: crypto.randomUUID(),
        rxNo: '7009101',
        facID: 101,
        patName,
        dateCreated: new Date().toISOString(),
      }),
    });
    expect(ingested.status).toBe(200);
  };
}

describe('live updates', () => {
  it("shows a pharmacy user's Reply in the nurse's open thread, then the red bubble on the card, without a reload", async () => {
    const nurse = await signedIn(NURSE);
    const priorAuth = card(nurse.page, PRIOR_AUTH);
    await priorAuth.getByRole('table').waitFor();

    // The nurse opens the first alert of the card; its detail call names the alert.
    const detailCall = nurse.page.waitForRequest((r) =>
      new URL(r.url()).pathname.startsWith('/api/alerts/priorAuth/'),
    );
    const firstRow = priorAuth.locator('tbody tr[tabindex]').first();
    const patient = (await firstRow.locator('td').first().textContent())?.trim() ?? '';
    await firstRow.click();
    const detailUrl = new URL((await detailCall).url());
    const identifier = decodeURIComponent(detailUrl.pathname.split('/').at(-1) ?? '');
    const internalId = Number(detailUrl.searchParams.get('internalId'));
    expect(internalId).toBeGreaterThan(0);
    const dialog = nurse.page.getByRole('dialog');
    await dialog.getByRole('tab', { name: /Actions\/Discussions/ }).click();

    // The pharmacy user, in a second browser context, answers on the same alert through the UI.
    const pharmacy = await signedIn(PHARMACY);
    await pharmacy.page.goto(
      `${portal.url}/prior-authorization-medication/${encodeURIComponent(identifier)}`,
    );
    await pharmacy.page.getByRole('tab', { name: /Actions\/Discussions/ }).click();
    const reply = `Prior auth faxed to the prescriber ${Date.now()}`;
    const watch = await holdRefetches(nurse.page, 'priorAuth', '/priorAuth');
    await pharmacy.page.getByRole('textbox', { name: 'Reply' }).fill(reply);
    await pharmacy.page.getByRole('button', { name: 'Send Reply' }).click();

    await dialog.getByText(reply).waitFor({ timeout: 10_000 });
    expect(watch.loads()).toBe(0);
    await watch.release();
    await expectAccessible(nurse.page, 'dashboard with a live Reply in the open thread');
    await nurse.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A second Reply, through the API this time, while the nurse only has the card in view: the row's red
    // bubble comes up (the first Reply was marked read as it scrolled into her open thread).
    const pharmacyToken = await apiToken(portal.url, PHARMACY);
    const cardWatch = await holdRefetches(nurse.page, 'priorAuth', '/priorAuth');
    const answered = await postJson('/requestaction', pharmacyToken, {
      requestedAction: 'Reply',
      widget: 'PriorAuth',
      _internalID: internalId,
      actionComment: `And the fax was received ${Date.now()}`,
    });
    expect(answered.status).toBe(200);
    const row = priorAuth.locator('tbody tr', { hasText: patient }).first();
    await row.getByRole('img', { name: 'Unread reply from pharmacy' }).waitFor({ timeout: 10_000 });
    expect(cardWatch.loads()).toBe(0);
    await cardWatch.release();

    expect(nurse.errors).toEqual([]);
    expect(pharmacy.errors).toEqual([]);
    await pharmacy.context.close();
    await nurse.context.close();
  });

  it("puts an alert ingested through the API on top of the nurse's open dashboard card, total up by one", async () => {
    const nurse = await signedIn(NURSE);
    const patMissing = card(nurse.page, PATIENT_MISSING);
    await patMissing.getByRole('table').or(patMissing.getByText('No alerts')).first().waitFor();
    const badge = patMissing.getByLabel(/^\d+ alerts$/);
    const before = Number((await badge.textContent())?.trim());

    const ingest = await ingester('e2e live updates');

    const watch = await holdRefetches(nurse.page, 'patMissing', '/patmissing');
    const patName = `Live, Lena ${Date.now() % 100_000}`;
    await ingest(patName);

    const firstRow = patMissing.locator('tbody tr[tabindex]').first();
    await expect.poll(() => firstRow.textContent(), { timeout: 10_000 }).toContain(patName);
    await expect.poll(() => badge.textContent()).toBe(String(before + 1));
    expect(watch.loads()).toBe(0);
    await watch.release();
    await expectAccessible(nurse.page, 'dashboard with a live new alert');
    expect(nurse.errors).toEqual([]);
    await nurse.context.close();
  });
  it('shares one stream among the tabs of a browser: an eighth tab still loads, and another tab takes over the stream when the first closes', async () => {
    const nurse = await signedIn(NURSE);
    const streams: string[] = [];
    nurse.context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') streams.push(request.url());
    });
    // Over HTTP/1.1 a browser opens at most 6 connections to a host: with a stream per tab, the seventh tab of
    // the portal never loaded.
    const tabs = [nurse.page];
    for (let i = 0; i < 7; i++) {
      const tab = await nurse.context.newPage();
      await tab.goto(`${portal.url}/dashboard`);
      const patMissing = card(tab, PATIENT_MISSING);
      await patMissing.getByRole('table').or(patMissing.getByText('No alerts')).first().waitFor();
      tabs.push(tab);
    }
    expect(streams).toEqual([]);
    const last = tabs.at(-1) ?? nurse.page;
    // The first tab holds the stream's Web Lock; the other seven wait for it, each listening to what it passes on.
    const lockQueue = () =>
      last.evaluate(async () => {
        const { held = [], pending = [] } = await navigator.locks.query();
        const ours = (lock: LockInfo) => lock.name?.startsWith('care-portal-events-');
        return { held: held.filter(ours).length, waiting: pending.filter(ours).length };
      });
    await expect.poll(lockQueue, { timeout: 10_000 }).toEqual({ held: 1, waiting: 7 });

    // An alert sent by the pharmacy system reaches the last tab through the first tab's stream.
    const ingest = await ingester('e2e shared stream');
    const lastErrors = watchConsole(last);
    const firstRow = card(last, PATIENT_MISSING).locator('tbody tr[tabindex]').first();
    const watch = await holdRefetches(last, 'patMissing', '/patmissing');
    const lena = `Shared, Lena ${Date.now() % 100_000}`;
    await ingest(lena);
    await expect.poll(() => firstRow.textContent(), { timeout: 10_000 }).toContain(lena);

    // The tab holding the stream closes: one other tab opens it again, and the next alert still arrives.
    await nurse.page.close();
    await expect.poll(() => streams.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(lockQueue, { timeout: 10_000 }).toEqual({ held: 1, waiting: 6 });
    const lou = `Shared, Lou ${Date.now() % 100_000}`;
    await ingest(lou);
    await expect.poll(() => firstRow.textContent(), { timeout: 10_000 }).toContain(lou);
    expect(watch.loads()).toBe(0);
    await watch.release();
    expect(streams).toHaveLength(1);
    expect(nurse.errors).toEqual([]);
    expect(lastErrors).toEqual([]);
    await nurse.context.close();
  });
});
