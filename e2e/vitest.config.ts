import { defineConfig } from 'vitest/config';

// Browser journeys against the built portal. One file at a time: each starts its own server and Chromium,
// and the machines have two cores.
export default defineConfig({
  test: {
    name: 'e2e',
    // *.pg-e2e.ts journeys need a PostgreSQL server to add data while the portal runs; included with DATABASE_URL.
    include: process.env.DATABASE_URL ? ['**/*.e2e.ts', '**/*.pg-e2e.ts'] : ['**/*.e2e.ts'],
    exclude: ['**/node_modules/**'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
