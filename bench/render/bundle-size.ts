import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;

/** The JavaScript the sign-in page loads first: index.html's module script and the chunks it preloads. */
export type BundleResult =
  | { readonly built: false }
  | { readonly built: true; readonly chunks: { file: string; bytes: number; gzip: number; gzip9: number }[] };

/**
 * Reads apps/web/dist/index.html and gzips every chunk it loads up front: at the default level 6 (what Vite prints
 * and most servers send; the budget figure) and at level 9 (precompressed assets).
 */
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
    chunks.push({
      file,
      bytes: bytes.length,
      gzip: gzipSync(bytes).length,
      gzip9: gzipSync(bytes, { level: 9 }).length,
    });
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
    '| chunk | KB | KB gzip (level 6) | KB gzip (level 9) |',
    '|---|---|---|---|',
    ...result.chunks.map((c) => `| ${c.file} | ${kb(c.bytes)} | ${kb(c.gzip)} | ${kb(c.gzip9)} |`),
    `| **total** | ${kb(result.chunks.reduce((sum, c) => sum + c.bytes, 0))} | **${kb(total)}** | ${kb(result.chunks.reduce((sum, c) => sum + c.gzip9, 0))} |`,
    '',
    `Budget ${BUDGET_KB} KB gzip (level 6): ${total <= BUDGET_KB * 1024 ? 'met' : '**missed**'} (${((total / (BUDGET_KB * 1024)) * 100).toFixed(0)}% of it).`,
    '',
  ].join('\n');
}
