// The administration lists at a big pharmacy's size: the Facility Users page of a super admin who sees 4,000+
// facility users, from navigation until its first rows show, and the time from the first key of a search to the
// narrowed list, each against a plain HTML table of the same users (what Chromium needs to lay the whole list out),
// in interleaved rounds. With another build's dist folder it times that build too (an A/B in the same run). Not part
// of the suite: `node --import tsx bench/render/admin-lists.ts <database-url> [rounds] [other-dist]` on a database
// the bench has seeded (`npm run bench -- --only browser ...`); it adds its 4,000 users there once (idempotent).
import { DEMO_PASSWORD } from '@portal/server/src/db/seed/index.ts';
import pg from 'pg';
import type { Page } from 'playwright-core';
import type { BenchUser } from '../load/bench-world.ts';
import { formatRatio, median, ratioStats } from '../load/pairs.ts';
import {
  launchChromium,
  PLAIN_TABLE_LAID_OUT,
  serveBaselines,
  signedInPage,
  timeTo,
} from './dashboard-render.ts';
import { staticTable } from './static-pages.ts';
import { startWebApp } from './web-app.ts';

const [databaseUrl, roundsArg, otherDist] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: admin-lists.ts <database-url> [rounds] [other-dist]');
const rounds = Number(roundsArg ?? 5);
const USERS = 4_000;
const SUPER: BenchUser = { email: 'super@portal.test', facilities: 0, password: DEMO_PASSWORD };
const SEARCH = 'Bench Staff 012';

/** 4,000 facility users (`staff{N}@bench.test`), each a nurse at 1 to 3 of the generated facilities. */
async function addStaff(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into users (email, display_name, user_type, password_hash, settings)
       select 'staff' || g || '@bench.test', 'Bench Staff ' || lpad(g::text, 4, '0'), 'FacilityUser',
              n.password_hash, n.settings
       from generate_series(1, $1::int) g
       cross join (select password_hash, settings from users where email = 'nurse@meadowbrook.test') n
       where not exists (select 1 from users where email like 'staff%@bench.test')`,
      [USERS],
    );
    await client.query(
      `insert into facility_memberships (user_id, fac_id, role)
       select u.id, f.fac_id, 'Nursing'
       from users u
       cross join lateral (select fac_id from facilities order by fac_id offset (u.id % 200) limit 1 + u.id % 3) f
       where u.email like 'staff%@bench.test'
       on conflict do nothing`,
    );
  } finally {
    await client.end();
  }
}

/** From navigation until the list shows user rows (not the loader). */
const USER_ROWS = () =>
  document.querySelectorAll('tbody tr td:nth-child(2)').length > 5 ? performance.now() : false;

/** From the first key of SEARCH, typed into the loaded page's search box, until the list is narrowed to it. */
async function searchTime(page: Page): Promise<number> {
  await page.getByRole('textbox', { name: 'Search users' }).focus();
  const started = Date.now();
  await page.keyboard.type(SEARCH);
  await page.waitForFunction(
    (text) => {
      const rows = [...document.querySelectorAll('tbody tr td:first-child')];
      return rows.length > 0 && rows.every((cell) => cell.textContent?.includes(text));
    },
    SEARCH,
    { polling: 'raf', timeout: 120_000 },
  );
  return Date.now() - started;
}

await addStaff(databaseUrl);
const browser = await launchChromium();
const apps = [{ name: 'this build', app: await startWebApp(databaseUrl) }];
if (otherDist) apps.push({ name: `build at ${otherDist}`, app: await startWebApp(databaseUrl, otherDist) });
let baselines: Awaited<ReturnType<typeof serveBaselines>> | null = null;
try {
  const first = apps[0];
  if (!first) throw new Error('no app');
  const token = await (
    await fetch(`${first.app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: SUPER.email, password: SUPER.password }),
    })
  ).json();
  const { users } = (await (
    await fetch(`${first.app.url}/api/getusers`, { headers: { authorization: `Bearer ${token.token}` } })
  ).json()) as { users: { displayName: string; email: string; phone: string; numberFacilities: number }[] };
  const table = staticTable(
    ['Name', 'Email', 'Phone', 'Facilities', 'Actions'],
    users.map((u) => [u.displayName, u.email, u.phone, String(u.numberFacilities), '...']),
  );
  baselines = await serveBaselines(new Map([['/users.html', table]]));
  const plainUrl = `${baselines.url}/users.html`;
  const pages = await Promise.all(apps.map(({ app }) => signedInPage(browser, app.url, SUPER)));
  const times = new Map<string, number[]>();
  const note = (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]);
  console.log(`${users.length} facility users; ${rounds} rounds (one untimed first)`);
  for (let round = 0; round <= rounds; round++) {
    const line: string[] = [];
    const order = round % 2 ? [...apps.keys()].reverse() : [...apps.keys()];
    for (const i of order) {
      const { name, app } = apps[i] ?? first;
      const page = pages[i];
      if (!page) continue;
      const shown = await timeTo(page, `${app.url}/facility-users`, USER_ROWS);
      const typed = await searchTime(page);
      if (round > 0) {
        note(`${name}: rows shown`, shown);
        note(`${name}: search typed`, typed);
      }
      line.push(`${name} ${shown.toFixed(0)} / ${typed} ms`);
    }
    const plain = await timeTo(pages[0] as Page, plainUrl, PLAIN_TABLE_LAID_OUT);
    if (round > 0) note('plain table laid out', plain);
    line.push(`plain ${plain.toFixed(0)} ms`);
    console.log(`round ${round}: ${line.join(', ')}`);
  }
  const base = times.get('plain table laid out') ?? [];
  console.log(`plain table of ${users.length} rows laid out: ${median(base).toFixed(0)} ms`);
  for (const [key, values] of times) {
    if (key === 'plain table laid out') continue;
    const stats = ratioStats(values.map((value, i) => ({ value, baseline: base[i] ?? 0 })));
    console.log(`${key}: ${median(values).toFixed(0)} ms, ${formatRatio(stats)} the plain table`);
  }
} finally {
  baselines?.close();
  await browser.close();
  for (const { app } of apps) await app.stop();
}
