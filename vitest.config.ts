import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          // jsdom renders antd slowly on a loaded two-core machine; 5 s timed out under the full suite.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          // the demo database each app starts from, built once for the run (apps/server/src/test/demo-template.ts)
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // argon2 and the database make these heavier; keep files in parallel but bounded.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
