import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // *.pg-test.ts need a PostgreSQL server (several processes on one database); they run when DATABASE_URL is set.
    include: process.env.DATABASE_URL ? ['src/**/*.test.ts', 'src/**/*.pg-test.ts'] : ['src/**/*.test.ts'],
    // Each file starts its own database (PGlite in memory, or a fresh PostgreSQL database) and the demo world.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
