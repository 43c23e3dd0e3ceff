// The sign-in page's JavaScript budget (issue 3: at most 200 KB gzip): the scripts index.html loads plus the
// login route's chunk and everything it imports. Also the boot script's own (apps/web/src/boot.ts, loaded ahead of
// the main chunk to start the page's first requests): it must stay small, so no zod and no schema module may reach
// it (a filter's import once made it ~100 KB). And what index.html itself loads on every page, signed out or not,
// before any route's chunk: the API client and its schemas belong in the route chunks (a session check in the
// root once moved them into it, 146 -> 174 KB). Run after `npm run build`; fails when over any budget.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const BOOT_BUDGET_BYTES = 10 * 1024;
const FIRST_LOAD_BUDGET_BYTES = 160 * 1024;
const dist = resolve(fileURLToPath(import.meta.url), '../../apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const files = new Set();
const visit = (file) => {
  if (files.has(file)) return;
  files.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const match of code.matchAll(/from\s*"\.\/([^"]+\.js)"/g)) visit(`assets/${match[1]}`);
};
for (const file of entry) visit(file);
const firstLoad = new Set(files);
const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const firstLoadTotal = [...firstLoad].reduce((sum, file) => sum + gzipped(file), 0);
// The boot entry and what it imports, counted alone.
const bootEntry = entry.find((file) => /\/boot-[\w-]+\.js$/.test(file));
const bootFiles = new Set();
const visitBoot = (file) => {
  if (bootFiles.has(file)) return;
  bootFiles.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const match of code.matchAll(/from\s*"\.\/([^"]+\.js)"/g)) visitBoot(`assets/${match[1]}`);
};
if (bootEntry) visitBoot(bootEntry);
const bootTotal = [...bootFiles].reduce((sum, file) => sum + gzipped(file), 0);
// The router loads the sign-in screen lazily: the chunk its import names, where the route's export is read.
const loginChunk = [...files]
  .flatMap((file) =>
    [
      ...readFileSync(join(dist, file), 'utf8').matchAll(
        /import\([`"']\.\/([\w~.-]+\.js)[`"']\)[^;]{0,160}?\bLoginRoute\b/g,
      ),
    ].map((m) => m[1]),
  )
  .find(Boolean);
if (loginChunk) visit(`assets/${loginChunk}`);
let total = 0;
const sizes = [];
for (const file of files) {
  const size = gzipped(file);
  sizes.push(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  total += size;
}
if (process.argv.includes('--list')) console.log(sizes.join('\n'));
const kb = (total / 1024).toFixed(1);
console.log(
  `sign-in page JavaScript: ${kb} KB gzip in ${files.size} files (budget ${BUDGET_BYTES / 1024} KB)`,
);
console.log(
  `boot script: ${(bootTotal / 1024).toFixed(1)} KB gzip in ${bootFiles.size} files (budget ${BOOT_BUDGET_BYTES / 1024} KB)`,
);
console.log(
  `every page's first load: ${(firstLoadTotal / 1024).toFixed(1)} KB gzip in ${firstLoad.size} files (budget ${FIRST_LOAD_BUDGET_BYTES / 1024} KB)`,
);
if (!bootEntry) {
  console.error('could not find the boot entry (boot-*.js) in index.html');
  process.exit(1);
}
if (bootTotal > BOOT_BUDGET_BYTES) {
  console.error('the boot script is over its budget: does it import zod or a schema module now?');
  process.exit(1);
}
if (!loginChunk) {
  console.error('could not find the login route chunk');
  process.exit(1);
}
if (firstLoadTotal > FIRST_LOAD_BUDGET_BYTES) {
  console.error(
    "every page's first load is over its budget: does the root (app/, main.tsx) import a feature's API now?",
  );
  process.exit(1);
}
if (total > BUDGET_BYTES) process.exit(1);
