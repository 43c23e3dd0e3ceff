import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;

/** The JavaScript the sign-in page loads first: index.html's module script and the chunks it preloads. */
export type BundleResult =
  | { readonly built: false }
  | { readonly built: true; readonly chunks: { file: string; bytes: number; gzip: number }[] };

/** Reads apps/web/dist/index.html and gzips (level 9, as a server would send it) every chunk it loads up front. */
export async function measureBundle(dist: string): Promise<BundleResult> {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return { built: false };
  const html = await readFile(index, 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1] ?? '');
  const chunks = [];
  for (const file of [...new Set(files)]) {
    const bytes = await readFile(join(dist, file.replace(/^\//, '')));
    chunks.push({ file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return { built: true, chunks };
}

/** The report section: each chunk and the total against the 200 KB gzip budget. */
export function renderBundle(result: BundleResult): string {
  if (!result.built) return '### Sign-in page JavaScript\n\nUI not built yet: run `npm run build` first.\n';
  const total = result.chunks.reduce((sum, c) => sum + c.gzip, 0);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  return [
    '### Sign-in page JavaScript (apps/web/dist, chunks index.html loads or preloads)',
    '',
    '| chunk | KB | KB gzip |',
    '|---|---|---|',
    ...result.chunks.map((c) => `| ${c.file} | ${kb(c.bytes)} | ${kb(c.gzip)} |`),
    `| **total** | ${kb(result.chunks.reduce((sum, c) => sum + c.bytes, 0))} | **${kb(total)}** |`,
    '',
    `Budget ${BUDGET_KB} KB gzip: ${total <= BUDGET_KB * 1024 ? 'met' : '**missed**'} (${((total / (BUDGET_KB * 1024)) * 100).toFixed(0)}% of it).`,
    '',
  ].join('\n');
}
