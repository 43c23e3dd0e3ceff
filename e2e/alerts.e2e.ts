import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiList, apiToken } from './support/api.ts';
import { expectAccessible, newPage, settleAnimations, VIEWPORTS, watchConsole } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

let portal: Portal;
let browser: Browser;

withPortalAndBrowser((p, b) => {
  portal = p;
  browser = b;
});

async function signedIn(email: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const { context, page } = await newPage(browser, viewport);
  const errors = watchConsole(page);
  await signInThroughForm(page, portal.url, email);
  await waitForPath(page, '/dashboard');
  return { context, page, errors };
}

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

async function openFirstRow(page: Page, tableName: string) {
  const row = page.getByRole('table', { name: tableName }).locator('tbody tr[tabindex]').first();
  await row.click();
  return page.getByRole('dialog');
}

/** A pharmacy Reply on an alert, sent through the API. */
async function sendReply(token: string, widget: string, internalId: number, actionComment: string) {
  const response = await fetch(`${portal.url}/api/requestaction`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requestedAction: 'Reply', widget, _internalID: internalId, actionComment }),
  });
  expect(response.status).toBe(200);
}

describe('alerts', () => {
  it('lets a nurse open an alert from the dashboard, Discuss it and see the entry in the thread', async () => {
    const { context, page, errors } = await signedIn('nurse@meadowbrook.test');
    await card(page, 'AUTHORIZATION').getByRole('table').waitFor();
    const dialog = await openFirstRow(page, 'AUTHORIZATION alerts');
    await dialog.getByRole('button', { name: 'Discuss' }).click();
    const question = `Can we wait for the next delivery? ${Date.now()}`;
    const discuss = page.getByRole('dialog', { name: 'Discuss' });
    await discuss.getByRole('button', { name: 'Discuss' }).click();
    await discuss.getByText('Please enter a question').waitFor();
    await discuss.getByLabel('Enter Question').fill(question);
    await discuss.getByRole('button', { name: 'Discuss' }).click();
    await discuss.waitFor({ state: 'detached' });
    await page.getByText(/sent for Rx/).waitFor();
    await dialog.getByRole('tab', { name: /Actions\/Discussions/ }).click();
    await dialog.getByText(question).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stores a Discuss once when its first answer is lost on the way back and the page sends it again', async () => {
    const { context, page, errors } = await signedIn('nurse@meadowbrook.test');
    await card(page, 'AUTHORIZATION').getByRole('table').waitFor();
    const keys: (string | null)[] = [];
    let dropped = 0;
    // The first send reaches the real server and is stored; its answer is cut off (a ward's Wi-Fi dropping).
    await page.route('**/api/requestaction', async (route) => {
      keys.push(await route.request().headerValue('idempotency-key'));
      if (dropped > 0) return route.continue();
      dropped += 1;
      await route.fetch();
      return route.abort('connectionreset');
    });
    const dialog = await openFirstRow(page, 'AUTHORIZATION alerts');
    await dialog.getByRole('button', { name: 'Discuss' }).click();
    const question = `Was this sent twice? ${Date.now()}`;
    const discuss = page.getByRole('dialog', { name: 'Discuss' });
    await discuss.getByLabel('Enter Question').fill(question);
    await discuss.getByRole('button', { name: 'Discuss' }).click();
    await discuss.waitFor({ state: 'detached' });
    await page.getByText(/sent for Rx/).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await dialog.getByRole('tab', { name: /Actions\/Discussions/ }).click();
    await dialog.getByText(question).waitFor();
    expect(await dialog.getByText(question).count()).toBe(1);
    // The cut-off answer is the one console error; nothing else went wrong.
    expect(errors.filter((e) => !e.includes('ERR_CONNECTION_RESET'))).toEqual([]);
    await context.close();
  });

  it('works by keyboard: Enter opens a row, the action dialog returns focus to its button, Escape to the row', async () => {
    const { context, page, errors } = await signedIn('nurse@meadowbrook.test');
    const row = card(page, 'AUTHORIZATION').locator('tbody tr[tabindex]').nth(1);
    // Marked, to know it again: opening marks the alert read, and the list moves it below the unread ones.
    await row.evaluate((element) => element.setAttribute('data-opened-row', ''));
    await row.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'AUTHORIZATION' });
    const discussButton = dialog.getByRole('button', { name: 'Discuss' });
    await discussButton.focus();
    await page.keyboard.press('Enter');
    const discuss = page.getByRole('dialog', { name: 'Discuss' });
    await discuss.waitFor();
    await page.keyboard.press('Escape');
    await discuss.waitFor({ state: 'detached' });
    await expect.poll(() => discussButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-opened-row')))
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the credentials notice and no action buttons to a nurse without credentials', async () => {
    const { context, page } = await signedIn('nurse.nocreds@meadowbrook.test');
    const dialog = await openFirstRow(page, 'NON-COVERED alerts');
    await dialog
      .getByText('SpecialtyRx Now credentials are required for user actions', { exact: true })
      .waitFor();
    await expect
      .poll(() => dialog.getByRole('link', { name: 'Set SpecialtyRx Now credentials' }).getAttribute('href'))
      .toBe('/settings/specialtyRxNow');
    expect(await dialog.getByRole('button', { name: 'Discuss' }).count()).toBe(0);
    await context.close();
  });

  it('marks an alert read and unread with the toggle where the facility allows manual marking', async () => {
    // Facility 102 allows manual marking only, so opening the alert does not mark it read by itself.
    const token = await apiToken(portal.url, 'admin@meadowbrook.test');
    const alerts = await apiList(portal.url, token, '/nonCovered?facilityIds=102', 'nonCoveredList');
    const target = alerts.find((a) => a.readByFaci === false);
    if (!target) throw new Error('no unread alert at 102');
    const { context, page } = await signedIn('admin@meadowbrook.test');
    await page.goto(`${portal.url}/non-covered/${target.rxNo}`);
    const toggle = page.getByRole('switch', { name: 'Read' });
    await expect.poll(() => toggle.isChecked()).toBe(false);
    // Wait for the answer from before the click, so a fast answer is not missed.
    const markedRead = page.waitForResponse((r) => r.url().includes('/noncovered_readByFaci'));
    await toggle.click({ force: true });
    await markedRead;
    await page.getByRole('button', { name: 'Discuss' }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Read' }).isChecked()).toBe(true);
    // 102 grants Discuss only.
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    const markedUnread = page.waitForResponse((r) => r.url().includes('/noncovered_readByFaci'));
    await page.getByRole('switch', { name: 'Read' }).click({ force: true });
    await markedUnread;
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Read' }).isChecked()).toBe(false);
    await context.close();
  });

  it('marks an alert unread once from a double click on the Read toggle: one change, one entry in the audit trail', async () => {
    const token = await apiToken(portal.url, 'admin@meadowbrook.test');
    const alerts = await apiList(
      portal.url,
      token,
      '/therapeuticint?facilityIds=102',
      'therapeuticInterchangeList',
    );
    const target = alerts.find((a) => a.readByFaci === true);
    if (!target) throw new Error('no read therapeutic interchange alert at 102');
    const { context, page, errors } = await signedIn('admin@meadowbrook.test');
    const marks: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/therapeuticint_readByFaci'))
        marks.push(request.postDataJSON());
    });
    await page.goto(`${portal.url}/alerts/therapeuticint?facilityIds=102`);
    await page
      .getByRole('table', { name: 'THERAPEUTIC INTERCHANGED alerts' })
      .locator('tbody tr[tabindex]', { hasText: target.patName })
      .click();
    const dialog = page.getByRole('dialog');
    const toggle = dialog.getByRole('switch', { name: 'Read' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    // Both clicks land before the switch can show it is busy: the second sent the mark again, and the audit trail
    // said the alert was marked unread twice.
    await toggle.dblclick({ force: true });
    // Marking by hand closes the dialog once the mark is stored.
    await dialog.waitFor({ state: 'detached' });
    const after = await apiList(
      portal.url,
      token,
      '/therapeuticint?facilityIds=102',
      'therapeuticInterchangeList',
    );
    expect(after.find((a) => a._internalID === target._internalID)?.readByFaci).toBe(false);
    expect(marks).toEqual([{ _internalID: target._internalID, readByFaci: false }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses an archive range with From after To and filters by the range', async () => {
    const { context, page } = await signedIn('nurse@meadowbrook.test');
    await page.goto(`${portal.url}/alerts/authorization/archive`);
    const total = page.getByText(/^Total: \d+$/);
    await expect.poll(async () => Number((await total.textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
    await page.getByLabel('From').fill('2025-03-10');
    await page.getByLabel('To').fill('2025-03-01');
    await page.getByText('From cannot be after To').waitFor();
    // The rows of the last valid range are not shown under the refused dates.
    await page.getByText('Correct the From and To dates to see alerts.').waitFor();
    expect(await page.getByRole('table', { name: 'AUTHORIZATION archived alerts' }).count()).toBe(0);
    expect(await total.count()).toBe(0);
    await page.getByLabel('From').fill('2025-02-01');
    await expect.poll(() => total.textContent()).toBe('Total: 0');
    await page.getByText('No alerts').waitFor();
    // Half a date (one part cleared) is not an empty From: the browser reports it as '', which listed the whole
    // archive up to To while the picker still showed a date.
    await page.getByLabel('From').focus();
    await page.keyboard.press('Backspace');
    await page.getByText('Enter the whole date, or clear it').waitFor();
    await page.getByText('Correct the From and To dates to see alerts.').waitFor();
    expect(await total.count()).toBe(0);
    await page.getByLabel('From').fill('');
    await page.getByLabel('To').fill('');
    await expect.poll(async () => Number((await total.textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
    await context.close();
  });

  /** The table's column sort as its headers say it ('Facility descending'). */
  const sortedBy = (table: Locator) =>
    table
      .locator('th[aria-sort]:not([aria-sort="none"])')
      .evaluateAll((heads) => heads.map((h) => `${h.textContent?.trim()} ${h.getAttribute('aria-sort')}`));
  /** The rows the table shows, in its order (spacer rows have no tab stop). */
  const rowsOf = (table: Locator) => table.locator('tbody tr[tabindex]').allTextContents();

  it("keeps a widget page's column sort in its address: Back from the archive or another page, a reload, not the next sign-in", async () => {
    const { context, page, errors } = await signedIn('sysadmin@pharmacy.test');
    const table = page.getByRole('table', { name: 'AUTHORIZATION alerts' });
    await page.goto(`${portal.url}/alerts/authorization`);
    await table.waitFor();
    const facility = table.getByRole('columnheader', { name: 'Facility' }).getByRole('button');
    await facility.click();
    await facility.click();
    await expect.poll(() => sortedBy(table)).toEqual(['Facility descending']);
    await expect
      .poll(() => page.url())
      .toBe(`${portal.url}/alerts/authorization?sort=facName&sortOrder=desc`);
    // The rows follow the header only once the sorted list has come: read the whole Facility column in one go, so
    // a first row read from the previous order cannot pass for the sorted one. Unread rows come first, each group
    // in the column's order.
    await expect
      .poll(async () => {
        const rows = await table.locator('tbody tr[tabindex]').evaluateAll((trs: HTMLTableRowElement[]) =>
          trs.map((tr) => ({
            unread: tr.getAttribute('data-unread'),
            facility: tr.cells[1]?.textContent ?? '',
          })),
        );
        const groups = ['true', 'false'].map((u) =>
          rows.filter((r) => r.unread === u).map((r) => r.facility),
        );
        const descending = (names: string[]) =>
          names.every((n, i) => i === 0 || (names[i - 1] ?? '').localeCompare(n) >= 0);
        const changes = (names: string[]) => names.length > 1 && names[0] !== names.at(-1);
        return groups.every(descending) && groups.some(changes);
      })
      .toBe(true);
    const sortedRows = await rowsOf(table);

    // A reload: the same order, from the address.
    await page.reload();
    await table.waitFor();
    await expect.poll(() => sortedBy(table)).toEqual(['Facility descending']);
    await expect.poll(() => rowsOf(table)).toEqual(sortedRows);

    // The archive and Back: the queue is sorted as it was left, as its facility filter would be.
    await page.getByRole('link', { name: 'Archive' }).click();
    await waitForPath(page, '/alerts/authorization/archive');
    await page.getByRole('table', { name: 'AUTHORIZATION archived alerts' }).waitFor();
    await page.goBack();
    await waitForPath(page, '/alerts/authorization');
    await table.waitFor();
    await expect.poll(() => sortedBy(table)).toEqual(['Facility descending']);

    // Another widget by the menu, and Back: that widget starts in its own order, this one keeps its sort.
    await page.getByRole('navigation').getByRole('link', { name: 'HIGH COST ALERTS', exact: true }).click();
    await waitForPath(page, '/alerts/highcostalerts');
    const other = page.getByRole('table', { name: 'HIGH COST ALERTS alerts' });
    await other.waitFor();
    await expect.poll(() => sortedBy(other)).toEqual(['Alerted On ascending']);
    await page.goBack();
    await waitForPath(page, '/alerts/authorization');
    await table.waitFor();
    await expect.poll(() => sortedBy(table)).toEqual(['Facility descending']);
    await expect.poll(() => rowsOf(table)).toEqual(sortedRows);

    // The next person at the computer, opening the page from the dashboard, starts from the default order.
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/account/login');
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(page, '/dashboard');
    await page.getByRole('link', { name: 'Open AUTHORIZATION' }).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/alerts/authorization');
    await table.waitFor();
    await expect.poll(() => sortedBy(table)).toEqual(['Alerted On ascending']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a copied sorted address in a fresh browser sorted as it was copied', async () => {
    const first = await signedIn('sysadmin@pharmacy.test');
    const table = (page: Page) => page.getByRole('table', { name: 'AUTHORIZATION alerts' });
    await first.page.goto(`${portal.url}/alerts/authorization`);
    await table(first.page).waitFor();
    await expect.poll(() => rowsOf(table(first.page))).not.toEqual([]);
    const unsorted = await rowsOf(table(first.page));
    await table(first.page).getByRole('columnheader', { name: 'Patient' }).getByRole('button').click();
    await expect.poll(() => sortedBy(table(first.page))).toEqual(['Patient ascending']);
    const copied = first.page.url();
    expect(copied).toBe(`${portal.url}/alerts/authorization?sort=patName&sortOrder=asc`);
    // The header turns before the sorted list comes: wait for the rows to change, not for any rows.
    await expect.poll(() => rowsOf(table(first.page))).not.toEqual(unsorted);
    const rows = await rowsOf(table(first.page));
    await first.context.close();

    // Another browser, signed in, opens the link as pasted.
    const second = await signedIn('sysadmin@pharmacy.test');
    await second.page.goto(copied);
    await table(second.page).waitFor();
    await expect.poll(() => sortedBy(table(second.page))).toEqual(['Patient ascending']);
    await expect.poll(() => rowsOf(table(second.page))).toEqual(rows);
    expect(second.page.url()).toBe(copied);
    expect(second.errors).toEqual([]);
    await second.context.close();
  });

  it('shows the nurse the red bubble after the pharmacy replies, and clears it once she reads the thread', async () => {
    const nurseToken = await apiToken(portal.url, 'nurse@meadowbrook.test');
    const alerts = await apiList(portal.url, nurseToken, '/highCost', 'highCostList');
    const target = alerts.find((a) => !a.hasUnreadReply && a.facID === 101);
    if (!target) throw new Error('no alert without an unread reply');

    const pharmacy = await signedIn('sysadmin@pharmacy.test');
    await pharmacy.page.goto(`${portal.url}/authorization/${target.rxNo}`);
    await pharmacy.page.getByRole('tab', { name: /Actions\/Discussions/ }).click();
    const reply = `The prescriber agreed ${Date.now()}`;
    await pharmacy.page.getByLabel('Reply').fill(reply);
    await pharmacy.page.getByRole('button', { name: 'Send Reply' }).click();
    // In the thread, not the Reply box: the live update can show it before the box is cleared.
    await pharmacy.page.getByRole('region', { name: 'Discussion' }).getByText(reply).waitFor();
    await pharmacy.context.close();

    const { context, page } = await signedIn('nurse@meadowbrook.test');
    const row = card(page, 'AUTHORIZATION').locator('tbody tr', { hasText: target.patName }).first();
    await row.getByRole('img', { name: 'Unread reply from pharmacy' }).waitFor();
    await row.click();
    const dialog = page.getByRole('dialog');
    const read = page.waitForResponse((r) => r.url().includes('/requestaction_readByFaci'));
    await dialog.getByRole('tab', { name: /Actions\/Discussions/ }).click();
    await dialog.getByText(reply).waitFor();
    await read;
    await page.reload();
    const again = card(page, 'AUTHORIZATION').locator('tbody tr', { hasText: target.patName }).first();
    await again.waitFor();
    expect(await again.getByRole('img', { name: 'Unread reply from pharmacy' }).count()).toBe(0);
    await context.close();
  });

  it('opens an alert whose bubble is red on Actions/Discussions, marking each Reply read once as it comes into view', async () => {
    const nurseToken = await apiToken(portal.url, 'nurse@meadowbrook.test');
    const pharmacyToken = await apiToken(portal.url, 'sysadmin@pharmacy.test');
    const alerts = await apiList(portal.url, nurseToken, '/highCost', 'highCostList');
    // One whose patient has no other alert, so its row is found by name; not the alert the test above answers.
    const target = alerts
      .filter((a) => a.facID === 101 && !a.hasUnreadReply)
      .filter((a) => alerts.filter((b) => b.patName === a.patName).length === 1)
      .at(-1);
    if (!target) throw new Error('no alert of its own patient without an unread reply');
    // More Replies than the chat panel shows at once.
    const replies = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Pharmacy answer ${n} ${Date.now()}`);
    for (const comment of replies) await sendReply(pharmacyToken, 'HighCost', target._internalID, comment);

    const { context, page, errors } = await signedIn('nurse@meadowbrook.test');
    const marked: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/requestaction_readByFaci'))
        marked.push((request.postDataJSON() as { requestActionID: number }).requestActionID);
    });
    const row = card(page, 'AUTHORIZATION').locator('tbody tr', { hasText: target.patName });
    await row.getByRole('img', { name: 'Unread reply from pharmacy' }).waitFor();
    await row.click();
    const dialog = page.getByRole('dialog');
    // Straight on the discussion the red bubble called her to, without reaching for its tab.
    await expect
      .poll(() => dialog.getByRole('tab', { name: /Actions\/Discussions/ }).getAttribute('aria-selected'))
      .toBe('true');
    const thread = dialog.getByRole('region', { name: 'Discussion' });
    await thread.getByText(replies[0] as string).waitFor();
    await settleAnimations(page);
    // The Replies at least half in the panel's view, as the read marking counts them.
    const repliesInView = () =>
      thread.evaluate((panel, texts) => {
        const view = panel.getBoundingClientRect();
        return [...panel.querySelectorAll('li')].filter((item) => {
          if (!texts.some((text) => item.textContent?.includes(text))) return false;
          const box = item.getBoundingClientRect();
          const shown = Math.min(box.bottom, view.bottom) - Math.max(box.top, view.top);
          return shown >= box.height / 2;
        }).length;
      }, replies);
    const inView = await repliesInView();
    expect(inView).toBeGreaterThan(0);
    expect(inView).toBeLessThan(replies.length);
    // Only those are read, one request each, as when she turns to the tab herself: the rest wait for her to scroll.
    await expect.poll(() => marked.length).toBe(inView);
    await page.waitForTimeout(500);
    expect(marked.length).toBe(inView);
    await thread.evaluate((panel) => {
      panel.scrollTop = panel.scrollHeight;
    });
    await expect.poll(() => marked.length).toBe(replies.length);
    expect(new Set(marked).size).toBe(replies.length);
    await page.waitForTimeout(500);
    expect(marked.length).toBe(replies.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the next alert on the tab last chosen in a dialog, and on Detail again after sign-out', async () => {
    const { context, page, errors } = await signedIn('sysadmin@pharmacy.test');
    const table = card(page, 'AUTHORIZATION').getByRole('table');
    await table.waitFor();
    // Rows whose bubble is not red: those open on the discussion whatever was chosen.
    const rows = table
      .locator('tbody tr[tabindex]')
      .filter({ hasNot: page.getByRole('img', { name: 'Unread reply from pharmacy' }) });
    const dialog = page.getByRole('dialog');
    const tab = (name: 'Detail' | 'Actions/Discussions') =>
      dialog.getByRole('tab', { name: name === 'Detail' ? 'Detail' : /Actions\/Discussions/, exact: true });
    const openedOn = async (index: number) => {
      await rows.nth(index).click();
      await tab('Detail').waitFor();
      return (await tab('Detail').getAttribute('aria-selected')) === 'true'
        ? 'Detail'
        : 'Actions/Discussions';
    };
    const close = async () => {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    };

    expect(await openedOn(0)).toBe('Detail');
    await tab('Actions/Discussions').click();
    await close();
    expect(await openedOn(1)).toBe('Actions/Discussions');
    await tab('Detail').click();
    await close();
    expect(await openedOn(0)).toBe('Detail');
    await tab('Actions/Discussions').click();
    await close();

    // The next person at the computer starts on Detail.
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/account/login');
    await signInThroughForm(page, portal.url, 'sysadmin@pharmacy.test');
    await waitForPath(page, '/dashboard');
    await table.waitFor();
    expect(await openedOn(0)).toBe('Detail');
    await close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a long thread at its newest entry for the pharmacy, and shows its Reply at the end once sent', async () => {
    const pharmacyToken = await apiToken(portal.url, 'sysadmin@pharmacy.test');
    const [target] = await apiList(
      portal.url,
      pharmacyToken,
      '/therapeuticint?facilityIds=101',
      'therapeuticInterchangeList',
    );
    if (!target) throw new Error('no therapeutic interchange alert at 101');
    // Earlier answers, so the thread is longer than the chat panel (40% of a 768 px screen).
    for (const n of [1, 2, 3, 4])
      await sendReply(pharmacyToken, 'TherapeuticInt', target._internalID, `Earlier answer ${n}`);
    const { context, page, errors } = await signedIn('sysadmin@pharmacy.test', VIEWPORTS.ward);
    await page.goto(`${portal.url}/therapeutic-interchange/${target.rxNo}`);
    await page.getByRole('tab', { name: /Actions\/Discussions/ }).click();
    const thread = page.getByRole('region', { name: 'Discussion' });
    await thread.getByText('Earlier answer 4').waitFor();
    expect(await thread.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    // Wholly inside the panel's visible part, without the pharmacist scrolling to find it.
    const isInView = (item: Locator) => () =>
      item.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const panel = element.closest('[role="region"]')?.getBoundingClientRect();
        // A pixel's leeway: the panel scrolls by whole pixels, the entries' heights are fractional.
        return !!panel && box.top >= panel.top - 1 && box.bottom <= panel.bottom + 1;
      });
    // The thread opens at its newest entry: the latest question is what the pharmacy answers.
    await expect
      .poll(isInView(thread.getByRole('listitem').filter({ hasText: 'Earlier answer 4' })))
      .toBe(true);
    const reply = `Dispensed the interchange ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Reply' }).fill(reply);
    await page.getByRole('button', { name: 'Send Reply' }).click();
    const sent = thread.getByRole('listitem').filter({ hasText: reply });
    await sent.waitFor();
    await expect.poll(isInView(sent)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['a click', 'mouse'],
    ['the keyboard', 'keyboard'],
  ] as const)(
    'keeps focus in the Reply box while a reply sent by %s is on its way, and after',
    async (_how, how) => {
      const pharmacyToken = await apiToken(portal.url, 'sysadmin@pharmacy.test');
      const [target] = await apiList(portal.url, pharmacyToken, '/highCost?facilityIds=101', 'highCostList');
      if (!target) throw new Error('no authorization alert at 101');
      const { context, page, errors } = await signedIn('sysadmin@pharmacy.test');
      await page.goto(`${portal.url}/authorization/${target.rxNo}`);
      await page.getByRole('tab', { name: /Actions\/Discussions/ }).click();
      const box = page.getByRole('textbox', { name: 'Reply' });
      await box.fill(`Sent by ${how} ${Date.now()}`);
      // The answer waits until the focus has been looked at while the reply is on its way.
      let answer = () => {};
      const held = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route('**/api/requestaction', async (route) => {
        await held;
        await route.continue();
      });
      const send = page.getByRole('button', { name: 'Send Reply' });
      if (how === 'mouse') await send.click();
      else {
        await send.focus();
        await page.keyboard.press('Enter');
      }
      await expect.poll(() => send.isDisabled()).toBe(true);
      const boxHasFocus = () => box.evaluate((element) => element === document.activeElement);
      // Chromium drops focus to the body when the focused button is disabled; the reply takes it back.
      await expect.poll(boxHasFocus).toBe(true);
      answer();
      await expect.poll(() => box.inputValue()).toBe('');
      expect(await boxHasFocus()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('offers no second Send of a reply still on its way when the pharmacist comes back to the alert', async () => {
    const pharmacyToken = await apiToken(portal.url, 'sysadmin@pharmacy.test');
    const alerts = await apiList(portal.url, pharmacyToken, '/highCost?facilityIds=101', 'highCostList');
    const target = alerts.at(1);
    if (!target) throw new Error('no second authorization alert at 101');
    const { context, page, errors } = await signedIn('sysadmin@pharmacy.test');
    await page.goto(`${portal.url}/authorization/${target.rxNo}`);
    await page.getByRole('tab', { name: /Actions\/Discussions/ }).click();
    const box = page.getByRole('textbox', { name: 'Reply' });
    const send = page.getByRole('button', { name: 'Send Reply' });
    const first = `Refill sent today ${Date.now()}.`;
    await box.fill(first);
    // A slow answer: held until the pharmacist has come back to the alert.
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const sent: string[] = [];
    await page.route('**/api/requestaction', async (route) => {
      sent.push((route.request().postDataJSON() as { actionComment: string }).actionComment);
      await held;
      await route.continue();
    });
    await send.click();
    await expect.poll(() => send.isDisabled()).toBe(true);
    // Away and back within the page (its memory kept): the box shows the words on their way, and its Send was
    // enabled, sending them a second time.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await waitForPath(page, '/dashboard');
    // The dashboard drawn: the alert's page, and its box, are gone.
    await card(page, 'AUTHORIZATION').getByRole('table').waitFor();
    await expect.poll(() => box.count()).toBe(0);
    await page.goBack();
    await waitForPath(page, `/authorization/${target.rxNo}`);
    const tab = page.getByRole('tab', { name: /Actions\/Discussions/ });
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await expect.poll(() => box.inputValue()).toBe(first);
    expect(await send.isDisabled()).toBe(true);
    await page.getByRole('status').filter({ hasText: 'Sending...' }).waitFor();
    await send.click({ force: true });
    await box.press('End');
    await box.pressSequentially(' Next delivery is Monday.');
    answer();
    await expect.poll(() => box.inputValue()).toBe('Next delivery is Monday.');
    await expect.poll(() => send.isDisabled()).toBe(false);
    const thread = page.getByRole('region', { name: 'Discussion' });
    await thread.getByText(first).waitFor();
    expect(sent).toEqual([first]);
    expect(await thread.getByText(first).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows each card's refresh and open buttons on a touch tablet, where nothing hovers", async () => {
    const { context, page, errors } = await signedIn('nurse@meadowbrook.test', VIEWPORTS.tablet);
    const authorization = card(page, 'AUTHORIZATION');
    await authorization.getByRole('table').waitFor();
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    const refresh = authorization.getByRole('button', { name: 'Refresh AUTHORIZATION' });
    const open = authorization.getByRole('link', { name: 'Open AUTHORIZATION' });
    const opacity = (element: Element) => getComputedStyle(element).opacity;
    await expect.poll(() => refresh.evaluate(opacity)).toBe('1');
    expect(await open.evaluate(opacity)).toBe('1');
    // The table is wider than the card: the right edge carries a shadow that says so (covered once scrolled there).
    const scroller = authorization.getByRole('table').locator('xpath=..');
    const edges = await scroller.evaluate((element) => ({
      overflows: element.scrollWidth > element.clientWidth,
      attachments: getComputedStyle(element).backgroundAttachment,
    }));
    expect(edges).toEqual({ overflows: true, attachments: 'local, local, local, scroll, scroll, scroll' });
    await open.tap();
    await waitForPath(page, '/alerts/authorization');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shades the bottom edge of a card on a touch tablet while rows are scrolled out of view below', async () => {
    // A touch screen shows no scroll bar until the table moves: 18 narcotics alerts showed as 7 rows, then
    // 'End of alerts'. A shadow on the bottom edge (as on the right one) says there are more, and goes at the end.
    const { context, page, errors } = await signedIn('sysadmin@pharmacy.test', VIEWPORTS.tablet);
    const narcotics = card(page, 'NARCOTICS - new script needed');
    await narcotics.getByRole('table').waitFor();
    const scroller = narcotics.getByRole('table').locator('xpath=..');
    const edges = () =>
      scroller.evaluate((element) => {
        const style = getComputedStyle(element);
        const layers = style.backgroundPosition.split(', ');
        const attachments = style.backgroundAttachment.split(', ');
        return {
          rowsBelow: element.scrollTop + element.clientHeight < element.scrollHeight - 1,
          // The shadow stays on the visible bottom edge; the cover moves with the rows and hides it at the end.
          bottomShadow: layers.some((p, i) => p === '50% 100%' && attachments[i] === 'scroll'),
          bottomCover: layers.some((p, i) => p === '50% 100%' && attachments[i] === 'local'),
        };
      });
    expect(await edges()).toEqual({ rowsBelow: true, bottomShadow: true, bottomCover: true });
    expect(await narcotics.getByText('End of alerts').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows every card's total and age uncut on a ward screen, where long titles wrap", async () => {
    const { context, page, errors } = await signedIn('sysadmin@pharmacy.test', VIEWPORTS.ward);
    await page.waitForFunction(() => {
      const sections = [...document.querySelectorAll('[data-testid="dashboard-widgets"] section')];
      return sections.length > 0 && sections.every((section) => section.querySelector('tbody tr'));
    });
    const cards = await page.locator('[data-testid="dashboard-widgets"] section').evaluateAll((sections) =>
      sections.map((section) => ({
        title: section.querySelector('h2')?.textContent ?? '',
        count: section.querySelector('.mantine-Badge-label')?.textContent,
        cut: [...section.querySelectorAll<HTMLElement>('.mantine-Badge-label, p')]
          .filter((element) => element.scrollWidth > element.clientWidth)
          .map((element) => element.textContent),
      })),
    );
    expect(cards).toHaveLength(11);
    for (const card of cards) {
      // Two digits at least: the width a total needs on a busy day.
      expect(card, card.title).toEqual({
        title: card.title,
        count: expect.stringMatching(/^[1-9]\d+$/),
        cut: [],
      });
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts the cards one a row on a ward screen, wide enough to show Status and Alerted On, and two a row on a wide desktop', async () => {
    const cardsOf = (page: Page) =>
      page.locator('[data-testid="dashboard-widgets"] section').evaluateAll((sections) =>
        sections.map((section) => {
          const box = section.getBoundingClientRect();
          const scroller = section.querySelector('table')?.parentElement?.getBoundingClientRect();
          const headers = [...section.querySelectorAll('thead th')];
          const shown = (name: string) => {
            const header = headers
              .find((th) => th.textContent?.trim().startsWith(name))
              ?.getBoundingClientRect();
            return !!header && !!scroller && header.right <= scroller.right + 1;
          };
          return {
            title: section.querySelector('h2')?.textContent ?? '',
            left: Math.round(box.left),
            top: Math.round(box.top),
            width: box.width,
            statusShown: shown('Status'),
            alertedOnShown: shown('Alerted On'),
          };
        }),
      );
    const ward = await signedIn('nurse@meadowbrook.test', VIEWPORTS.ward);
    await card(ward.page, 'CLARIFICATIONS').locator('tbody tr').first().waitFor();
    const onWard = await cardsOf(ward.page);
    expect(onWard).toHaveLength(11);
    // One column: every card starts at the same left edge, each on a row of its own, about 1,070 px wide (was two
    // of ~530 px, each table scrolled to its first three columns).
    expect(new Set(onWard.map((c) => c.left)).size).toBe(1);
    expect(new Set(onWard.map((c) => c.top)).size).toBe(11);
    for (const c of onWard) expect(c.width, c.title).toBeGreaterThanOrEqual(1000);
    expect(onWard.find((c) => c.title === 'CLARIFICATIONS')).toMatchObject({
      statusShown: true,
      alertedOnShown: true,
    });
    expect(ward.errors).toEqual([]);
    await ward.context.close();

    const desktop = await signedIn('nurse@meadowbrook.test', VIEWPORTS.desktop);
    await card(desktop.page, 'CLARIFICATIONS').locator('tbody tr').first().waitFor();
    const onDesktop = await cardsOf(desktop.page);
    expect(new Set(onDesktop.map((c) => c.left)).size).toBe(2);
    expect(onDesktop[0]?.top).toBe(onDesktop[1]?.top);
    expect(desktop.errors).toEqual([]);
    await desktop.context.close();
  });

  it("fits a widget page's table to the screen: no rows hidden above the footer of a tall tablet, the footer on a ward screen", async () => {
    // Where the page's table and its footer are, and whether rows are scrolled out of the table's own view.
    const layout = async (page: Page) => {
      const footer = await page.getByText('End of alerts').boundingBox();
      const table = await page.getByRole('table', { name: 'CLARIFICATIONS alerts' }).evaluate((element) => {
        const scroller = element.parentElement as HTMLElement;
        return {
          rows: element.querySelectorAll('tbody tr[aria-rowindex]').length,
          hidesRows: scroller.scrollHeight > scroller.clientHeight,
          pageHeight: document.documentElement.scrollHeight,
          windowHeight: window.innerHeight,
        };
      });
      return { ...table, footerBottom: (footer?.y ?? 0) + (footer?.height ?? Number.POSITIVE_INFINITY) };
    };
    // A pharmacy user sees the clarifications of three facilities: more rows than the old fixed 560 px held.
    const tall = await signedIn('sysadmin@pharmacy.test', { width: 820, height: 1180 });
    await tall.page.goto(`${portal.url}/alerts/openBatch`);
    await tall.page.getByText('End of alerts').waitFor();
    const onTablet = await layout(tall.page);
    expect(onTablet.rows).toBeGreaterThan(14);
    expect(onTablet.hidesRows).toBe(false);
    expect(onTablet.footerBottom).toBeLessThanOrEqual(onTablet.windowHeight);
    expect(tall.errors).toEqual([]);
    await tall.context.close();

    // A ward screen has less room than the rows need: they scroll inside the table, which ends where the footer
    // still shows above the screen's bottom edge, and the page itself needs no scrolling.
    const ward = await signedIn('sysadmin@pharmacy.test', VIEWPORTS.ward);
    await ward.page.goto(`${portal.url}/alerts/openBatch`);
    await ward.page.getByText('End of alerts').waitFor();
    const onWard = await layout(ward.page);
    expect(onWard.hidesRows).toBe(true);
    expect(onWard.footerBottom).toBeLessThanOrEqual(onWard.windowHeight);
    expect(onWard.pageHeight).toBe(onWard.windowHeight);
    expect(onWard.windowHeight - onWard.footerBottom).toBeLessThan(40);
    expect(ward.errors).toEqual([]);
    await ward.context.close();
  });

  it("draws a widget page's table at its fitted height at once on the next visit, instead of growing it after", async () => {
    const { context, page, errors } = await signedIn('sysadmin@pharmacy.test', { width: 820, height: 1180 });
    // Every change of the table's scroller's height after it was put in the page, with the height it had before.
    await page.addInitScript(() => {
      const changes: string[] = [];
      (window as unknown as { heightChanges: string[] }).heightChanges = changes;
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target as HTMLElement;
          if (target.querySelector(':scope > table')) changes.push(record.oldValue ?? '');
        }
      }).observe(document, { subtree: true, attributeFilter: ['style'], attributeOldValue: true });
    });
    const visit = async () => {
      await page.getByText('End of alerts').waitFor();
      const table = page.getByRole('table', { name: 'CLARIFICATIONS alerts' });
      const maxHeight = await table.evaluate(
        (element) => (element.parentElement as HTMLElement).style.maxHeight,
      );
      const changes = await page.evaluate(
        () => (window as unknown as { heightChanges: string[] }).heightChanges,
      );
      return { maxHeight, changes };
    };
    await page.goto(`${portal.url}/alerts/openBatch`);
    // The first visit in the tab measures: drawn at a card's 320 px (by the server or the browser: the server's
    // markup writes no space), then grown to the screen.
    const first = await visit();
    expect(first.changes.some((old) => /max-height: ?320px/.test(old))).toBe(true);
    expect(Number.parseFloat(first.maxHeight)).toBeGreaterThan(320);
    // The next load is drawn by the server at the height this window gives the table (the browser reported it in a
    // cookie), and the app keeps that height: nothing grows once the page is the app's.
    const response = await page.reload();
    expect((await response?.text()) ?? '').toContain(`max-height:${first.maxHeight}`);
    const next = await visit();
    expect(next.maxHeight).toBe(first.maxHeight);
    expect(next.changes).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the keyboard in its place on a tablet: rows show their patient, arrows move, Refresh keeps focus', async () => {
    const { context, page, errors } = await signedIn('nurse@meadowbrook.test', VIEWPORTS.tablet);
    // A dashboard card on a tablet (~710 px), narrower than its table (~1,140 px).
    const table = card(page, 'AUTHORIZATION').getByRole('table', { name: 'AUTHORIZATION alerts' });
    await table.locator('tbody tr[tabindex]').first().waitFor();
    const scroller = table.locator('xpath=..');
    // Tabbing to the last header's sort button scrolls the table right; the next Tab reaches the first row,
    // which shows its start again (the patient) instead of its last columns.
    await table.getByRole('button', { name: /Alerted On/ }).focus();
    expect(await scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await page.keyboard.press('Tab');
    const focusedRowIndex = () => page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex'));
    expect(await focusedRowIndex()).toBe('2');
    expect(await scroller.evaluate((element) => element.scrollLeft)).toBe(0);
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedRowIndex).toBe('3');
    await page.keyboard.press('End');
    const rows = await table.locator('tbody tr[tabindex]').count();
    await expect.poll(focusedRowIndex).toBe(String(rows + 1));
    await page.keyboard.press('Home');
    await expect.poll(focusedRowIndex).toBe('2');
    // The table is one tab stop: Tab leaves it from any row, Shift+Tab comes back to that row.
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedRowIndex).toBe('3');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('tbody') ?? null)).toBeNull();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focusedRowIndex).toBe('3');
    // Refresh turns into a spinner while it loads (Mantine disables it); the focus comes back to it after.
    const refresh = page.getByRole('button', { name: 'Refresh AUTHORIZATION' });
    // The real answer, held back a little, so the spinner shows for longer than a frame.
    await page.route('**/api/highCost?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await refresh.focus();
    const answered = page.waitForResponse((response) => response.url().includes('/api/highCost'));
    await page.keyboard.press('Enter');
    await expect.poll(() => refresh.isDisabled()).toBe(true);
    await answered;
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Refresh AUTHORIZATION');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('mutes a deleted row, its drug struck through and said deleted, and edges answered rows, on the card and page', async () => {
    const { context, page, errors } = await signedIn('nurse@meadowbrook.test');
    const expectRowStates = async (table: Locator, label: string) => {
      const deleted = table.locator('tbody tr[data-state="deleted"]').first();
      await deleted.getByRole('deletion').waitFor();
      expect(await deleted.getByText('(deleted)').count()).toBe(1);
      expect(await table.locator('tbody tr[data-accent]').count()).toBeGreaterThan(0);
      await expectAccessible(page, label);
    };
    await expectRowStates(card(page, 'HIGH COST ALERTS').getByRole('table'), 'high cost alerts card');
    await page.goto(`${portal.url}/alerts/highcostalerts`);
    await expectRowStates(
      page.getByRole('table', { name: 'HIGH COST ALERTS alerts' }),
      'high cost alerts page',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['ward screen', VIEWPORTS.ward],
    ['tablet in landscape', { width: 1024, height: 768 }],
  ])('keeps the alert modal’s action buttons in view on a short screen (%s)', async (_name, viewport) => {
    // The tallest modals: a detail with two lists (comments, medications), and a thread over the pharmacy's Reply box.
    const cases = [
      {
        email: 'nurse@meadowbrook.test',
        paths: ['noncovered', 'openBatch', 'admissionmeds'],
        tab: /^Detail$/,
      },
      {
        email: 'sysadmin@pharmacy.test',
        paths: ['admissionmeds', 'narcoticsRefill'],
        tab: 'Actions/Discussions',
      },
    ];
    const overflowing: string[] = [];
    for (const { email, paths, tab } of cases) {
      const { context, page, errors } = await signedIn(email, viewport);
      for (const path of paths) {
        await page.goto(`${portal.url}/alerts/${path}?facilityIds=101`);
        const rows = page.locator('main table tbody tr[tabindex]');
        await rows.first().waitFor();
        const count = await rows.count();
        expect(count).toBeGreaterThan(1);
        // Every alert of the widget, the ones with long lists and threads too: Discuss is on screen without scrolling.
        for (let index = 0; index < count; index += 1) {
          await rows.nth(index).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByRole('tab', { name: tab }).click();
          const discuss = dialog.getByRole('button', { name: 'Discuss' });
          await discuss.waitFor();
          await settleAnimations(page);
          const box = await discuss.boundingBox();
          const bottom = Math.round((box?.y ?? Number.POSITIVE_INFINITY) + (box?.height ?? 0));
          if (bottom > viewport.height) overflowing.push(`${email} ${path} row ${index}: ${bottom} px`);
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(overflowing).toEqual([]);
  });

  it('copies a link to a modal-only alert that opens it for a colleague, through sign-in, by keyboard and axe-clean', async () => {
    const { context, page, errors } = await signedIn('nurse@meadowbrook.test');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
    await page.goto(`${portal.url}/alerts/refilltoosoon`);
    const dialog = await openFirstRow(page, 'REFILL TOO SOON alerts');
    const subject = await dialog.getByTestId('alert-subject').textContent();
    await dialog.getByRole('button', { name: 'Copy link to this alert' }).click();
    await page.getByText('URL copied to clipboard').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${portal.url}/alerts/refilltoosoon\\?alert=\\d+$`));
    const id = Number(new URL(link).searchParams.get('alert'));
    const listed = await apiList(
      portal.url,
      await apiToken(portal.url, 'nurse@meadowbrook.test'),
      '/pharmacyalerts/refilltoosoon',
      'results',
    );
    expect(subject).toContain(listed.find((alert) => alert._internalID === id)?.patName);

    // A colleague signed in already: a fresh page at the link, the alert's modal open over the list.
    const colleague = await context.newPage();
    const colleagueErrors = watchConsole(colleague);
    await colleague.goto(link);
    const opened = colleague.getByRole('dialog', { name: 'REFILL TOO SOON' });
    await expect.poll(() => opened.getByTestId('alert-subject').textContent()).toBe(subject);
    await colleague.getByRole('table', { name: 'REFILL TOO SOON alerts' }).waitFor();
    const focusInDialog = () => opened.evaluate((element) => element.contains(document.activeElement));
    await expect.poll(focusInDialog).toBe(true);
    for (let i = 0; i < 15; i++) await colleague.keyboard.press('Tab');
    expect(await focusInDialog()).toBe(true);
    await expectAccessible(colleague, 'alert opened from its link');
    await colleague.keyboard.press('Escape');
    await opened.waitFor({ state: 'detached' });
    // Closed: the address no longer names it, and no row was clicked, so the focus is on the page's heading.
    expect(new URL(colleague.url()).search).toBe('');
    await expect
      .poll(() => colleague.evaluate(() => document.activeElement?.textContent))
      .toBe('REFILL TOO SOON');

    // A colleague signed out: sign-in first, then back to the alert.
    const { context: other, page: visitor } = await newPage(browser);
    await visitor.goto(link);
    await waitForPath(visitor, '/account/login');
    expect(await visitor.getByRole('dialog').count()).toBe(0);
    await signInThroughForm(visitor, portal.url, 'nurse@meadowbrook.test');
    await waitForPath(visitor, '/alerts/refilltoosoon');
    expect(visitor.url()).toBe(link);
    const afterSignIn = visitor.getByRole('dialog', { name: 'REFILL TOO SOON' });
    await expect.poll(() => afterSignIn.getByTestId('alert-subject').textContent()).toBe(subject);
    expect([...errors, ...colleagueErrors]).toEqual([]);
    await other.close();
    await context.close();
  });

  it("says 'No Active Alert Found' for a link to another pharmacy's facility's alert, and shows none of its rows", async () => {
    const theirs = (
      await apiList(
        portal.url,
        await apiToken(portal.url, 'don@lakeside.test'),
        '/pharmacyalerts/refilltoosoon',
        'results',
      )
    )[0];
    if (!theirs) throw new Error('no refill alert at Lakeside');
    const { context, page, errors } = await signedIn('nurse@meadowbrook.test');
    await page.goto(`${portal.url}/alerts/refilltoosoon?alert=${theirs._internalID}`);
    const dialog = page.getByRole('dialog', { name: 'REFILL TOO SOON' });
    await dialog.getByText('No Active Alert Found').waitFor();
    expect(await dialog.getByText(theirs.patName).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: 'REFILL TOO SOON alerts' });
    await table.locator('tbody tr').first().waitFor();
    expect(await page.getByText(theirs.patName).count()).toBe(0);
    expect(await page.getByText('Lakeside').count()).toBe(0);
    // The one console error is the detail call's 404, the server's answer for another tenant's alert.
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();
  });

  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['tablet', VIEWPORTS.tablet],
  ])('passes axe on the dashboard, widget page, archive and open modal (%s)', async (_name, viewport) => {
    const { context, page, errors } = await signedIn('nurse@meadowbrook.test', viewport);
    await card(page, 'AUTHORIZATION').getByRole('table').waitFor();
    await expectAccessible(page, 'dashboard');
    await page.goto(`${portal.url}/alerts/authorization`);
    await page.getByRole('table', { name: 'AUTHORIZATION alerts' }).waitFor();
    await expectAccessible(page, 'widget page');
    const dialog = await openFirstRow(page, 'AUTHORIZATION alerts');
    await dialog.getByRole('tab', { name: 'Detail' }).waitFor();
    await expectAccessible(page, 'detail modal');
    // The Read switch closes the modal: a touch target of at least 24 px (WCAG 2.5.8).
    const track = dialog.locator('.mantine-Switch-track');
    expect((await track.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(24);
    // The Limit Days dialog with its list of days open (a scrolling list).
    await dialog.getByRole('button', { name: 'Limit Days' }).click();
    const limit = page.getByRole('dialog', { name: 'Limit Days' });
    await limit.getByPlaceholder('Choose days').click();
    const longest = page.getByRole('option', { name: '30 Days' });
    await longest.waitFor({ state: 'attached' });
    await expectAccessible(page, 'limit days list');
    // The list fits on the screen and scrolls under the wheel, so the longest limit can be picked by mouse or touch.
    const list = await page.getByRole('listbox').boundingBox();
    if (!list) throw new Error('the list of days is not shown');
    expect(list.y + list.height).toBeLessThanOrEqual(viewport.height);
    await page.mouse.move(list.x + list.width / 2, list.y + list.height / 2);
    await page.mouse.wheel(0, 3000);
    await expect
      .poll(async () => {
        const option = await longest.boundingBox();
        return option !== null && option.y + option.height <= list.y + list.height + 1;
      })
      .toBe(true);
    const option = await longest.boundingBox();
    if (!option) throw new Error('30 Days is not shown');
    await page.mouse.click(option.x + option.width / 2, option.y + option.height / 2);
    expect(await limit.getByPlaceholder('Choose days').inputValue()).toBe('30 Days');
    await page.keyboard.press('Escape');
    await limit.waitFor({ state: 'detached' });
    await dialog.getByRole('tab', { name: /Actions\/Discussions/ }).click();
    await expectAccessible(page, 'discussion tab');
    await page.keyboard.press('Escape');
    await page.goto(`${portal.url}/alerts/authorization/archive`);
    await page.getByRole('table', { name: 'AUTHORIZATION archived alerts' }).waitFor();
    await expectAccessible(page, 'archive');
    expect(errors).toEqual([]);
    await context.close();
  });
});
