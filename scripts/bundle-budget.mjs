// The sign-in page's JavaScript budget (issue 3: at most 200 KB gzip): the scripts index.html loads plus the
// login route's chunk and everything it imports. Run after `npm run build`; fails when over budget.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
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
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  sizes.push(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  total += size;
}
if (process.argv.includes('--list')) console.log(sizes.join('\n'));
const kb = (total / 1024).toFixed(1);
console.log(
  `sign-in page JavaScript: ${kb} KB gzip in ${files.size} files (budget ${BUDGET_BYTES / 1024} KB)`,
);
if (!loginChunk) {
  console.error('could not find the login route chunk');
  process.exit(1);
}
if (total > BUDGET_BYTES) process.exit(1);
