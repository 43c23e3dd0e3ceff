import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment. The browser tests (e2e/) run
// separately with `npm run test:e2e` because they need the built portal and Chromium.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
