import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each file starts its own database (PGlite in memory, or a fresh PostgreSQL database) and the demo world.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
