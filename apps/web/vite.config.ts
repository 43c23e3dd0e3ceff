import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { SIGNED_IN_SCRIPTS_META } from './src/lib/signed-in-scripts.ts';
import { isPlanPass, planChunks, signedInPreloads } from './vite.chunks.ts';

const server = 'http://127.0.0.1:8080';

/**
 * The boot script (src/boot.ts: the page's first API requests) as its own small entry, loaded by index.html with
 * `async` ahead of the main chunk, so the requests start once that small file has run instead of after the ~400 KB
 * main chunk is downloaded, compiled and evaluated. main.tsx imports the same module, so it runs once (the main
 * chunk imports the boot chunk) and still runs where this tag is missing (dev server, tests). A separate file, not
 * inline: the CSP allows scripts from 'self' only.
 */
function bootEntry(withPreloads: boolean): Plugin {
  let base = '/';
  return {
    name: 'portal-boot-entry',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.isEntry && file.name === 'boot',
        );
        if (!boot) throw new Error('the build has no boot entry chunk');
        if (!html.includes('</title>'))
          throw new Error('index.html has no </title> to put the boot script after');
        // First among the scripts, so the browser fetches it before the main chunk.
        const tags = [`<script type="module" async crossorigin src="${base}${boot.fileName}"></script>`];
        // The signed-in area's files, which the boot script preloads on a signed-in load (lib/early-requests.ts);
        // ahead of it, so it is parsed by the time the script runs.
        if (withPreloads && ctx.bundle) {
          const files = signedInPreloads(ctx.bundle).map((file) => `${base}${file}`);
          tags.unshift(`<meta name="${SIGNED_IN_SCRIPTS_META}" content="${files.join(' ')}" />`);
        }
        return html.replace('</title>', `</title>\n    ${tags.join('\n    ')}`);
      },
    },
  };
}

export default defineConfig(async ({ command }) => {
  // The production build groups the sign-in and signed-in modules (vite.chunks.ts); its first, unwritten pass and
  // the dev server chunk as the bundler likes.
  const planned = command === 'build' && !isPlanPass();
  const chunkPlan = planned ? await planChunks(fileURLToPath(import.meta.url)) : null;
  return {
    plugins: [
      react(),
      bootEntry(planned),
      // Brotli and gzip copies beside each file, which the server sends to browsers that accept them (the first load
      // after a release moves ~1.1 MB of script and style otherwise). Not in the plan pass, which writes nothing.
      ...(planned
        ? [
            compression({
              algorithms: ['brotliCompress', 'gzip'],
              threshold: 1024,
              skipIfLargerOrEqual: true,
            }),
          ]
        : []),
    ],
    resolve: {
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        // react-pdf's layout loads Yoga as WebAssembly, which the CSP blocks; see features/print/pdf/yoga-asmjs.ts.
        {
          find: /^yoga-layout\/load$/,
          replacement: fileURLToPath(new URL('./src/features/print/pdf/yoga-asmjs.ts', import.meta.url)),
        },
      ],
    },
    server: {
      proxy: {
        '/api': { target: server, changeOrigin: false },
        '/fs': { target: server, changeOrigin: false },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        input: {
          index: fileURLToPath(new URL('./index.html', import.meta.url)),
          boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)),
        },
        output: chunkPlan
          ? {
              codeSplitting: {
                // Only the planned modules: a group must not pull in what the entries or the other group hold.
                includeDependenciesRecursively: false,
                groups: [{ name: (id: string) => chunkPlan.get(id) ?? null }],
              },
            }
          : {},
      },
    },
  };
});
