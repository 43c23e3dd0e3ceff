import { inflateSync } from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken } from './support/api.ts';
import { expectAccessible, newPage, watchConsole } from './support/browser.ts';
import { withPortalAndBrowser } from './support/harness.ts';
import type { Portal } from './support/portal.ts';
import { signInThroughForm, waitForPath } from './support/session.ts';

const NURSE = 'nurse@meadowbrook.test';
const FACILITY = 'Meadowbrook';

let portal: Portal;
let browser: Browser;

withPortalAndBrowser((p, b) => {
  portal = p;
  browser = b;
});

/**
 * The text of a react-pdf file: each FlateDecode stream inflated, then the hex strings of its TJ operators
 * (pdfkit writes the standard fonts' WinAnsi codes as hex) joined with spaces, whitespace collapsed.
 */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const runs: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      content = raw.slice(start, end);
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(tj[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      runs.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return runs.join(' ').replace(/\s+/g, ' ');
}

async function api<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${portal.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

interface ListedAlert {
  patName: string;
  sumTtlPrice?: number | null;
  admissionMedsDetailsList?: unknown[];
}

async function signedIn() {
  const { context, page } = await newPage(browser);
  const errors = watchConsole(page);
  await signInThroughForm(page, portal.url, NURSE);
  await waitForPath(page, '/dashboard');
  return { context, page, errors };
}

/** Clicks a Download PDF button and answers the saved file's name and text. */
async function downloadPdf(page: Page, button: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { fileName: download.suggestedFilename(), text: pdfText(bytes) };
}

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

describe('print', () => {
  it('makes the pump pickup and narcotics list PDFs from the dashboard cards and widget pages', async () => {
    const token = await apiToken(portal.url, NURSE);
    const { context, page, errors } = await signedIn();
    for (const [title, path] of [
      ['PUMP PICKUP', '/pharmacyalerts/pumpPickup'],
      ['NARCOTICS - new script needed', '/pharmacyalerts/narcoticsRefill'],
    ] as const) {
      const listed = (await api<{ results: ListedAlert[] }>(token, path)).results;
      expect(listed.length).toBeGreaterThan(0);
      await card(page, title).getByRole('table').waitFor();
      const fromCard = await downloadPdf(
        page,
        card(page, title).getByRole('button', { name: `Download PDF: ${title} list` }),
      );
      expect(fromCard.text).toContain(FACILITY);
      expect(fromCard.text).toContain(listed[0]?.patName);
      expect(fromCard.text).toMatch(new RegExp(`Total [a-z]+( [a-z]+)*: ${listed.length}\\b`));
    }
    await expectAccessible(page, 'dashboard with print buttons');

    await page.goto(`${portal.url}/alerts/narcoticsRefill`);
    const download = page.getByRole('button', { name: 'Download PDF: NARCOTICS - new script needed list' });
    await download.waitFor();
    const fromPage = await downloadPdf(page, download);
    expect(fromPage.fileName).toBe('narcotics-list.pdf');
    expect(fromPage.text).toContain('Qty remaining');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('makes the narcotics ticket PDF from an alert detail', async () => {
    const token = await apiToken(portal.url, NURSE);
    const listed = (await api<{ results: ListedAlert[] }>(token, '/pharmacyalerts/narcoticsRefill')).results;
    const { context, page, errors } = await signedIn();
    const table = page.getByRole('table', { name: 'NARCOTICS - new script needed alerts' });
    await table.locator('tbody tr[tabindex]').first().click();
    const dialog = page.getByRole('dialog');
    const ticket = await downloadPdf(
      page,
      dialog.getByRole('button', { name: 'Download PDF: Narcotics ticket' }),
    );
    expect(ticket.fileName).toMatch(/^narcotics-ticket-.+\.pdf$/);
    expect(ticket.text).toContain(FACILITY);
    expect(listed.map((alert) => alert.patName)).toContain(
      listed.find((alert) => ticket.text.includes(alert.patName))?.patName,
    );
    expect(ticket.text).toContain('Quantity remaining');
    expect(ticket.text).toContain('Nurse signature');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prints and downloads the admission review PDF of an admission group', async () => {
    const token = await apiToken(portal.url, NURSE);
    const listed = (await api<{ admissionMedsList: ListedAlert[] }>(token, '/admissionmeds'))
      .admissionMedsList;
    const { context, page, errors } = await signedIn();
    const table = page.getByRole('table', { name: 'ADMISSION / MEDICATION REVIEW alerts' });
    await table.locator('tbody tr[tabindex]').first().click();
    const dialog = page.getByRole('dialog');
    const review = await downloadPdf(
      page,
      dialog.getByRole('button', { name: 'Download PDF: Admission review' }),
    );
    expect(review.fileName).toMatch(/^admission-review-.+\.pdf$/);
    const group = listed.find((alert) => review.text.includes(alert.patName));
    expect(group).toBeDefined();
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    expect(review.text).toContain(FACILITY);
    expect(review.text).toContain(`Grand total: ${money.format(group?.sumTtlPrice ?? 0)}`);
    expect(review.text).toContain(`Total meds: ${group?.admissionMedsDetailsList?.length}`);

    const [tab] = await Promise.all([
      context.waitForEvent('page', { timeout: 30_000 }),
      dialog.getByRole('button', { name: 'Print PDF: Admission review' }).click(),
    ]);
    expect(tab.url()).toMatch(/^blob:/);
    await expectAccessible(page, 'admission review detail');
    expect(errors).toEqual([]);
    await context.close();
  });
});
