import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/*.test.ts', 'test/core/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/client/**/*.test.ts', 'test/scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        // Not in `npm test`: needs Debian's chromium (`npm run test:browser`).
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts its own wrangler dev and Chromium: one file at a time on small machines.
          fileParallelism: false,
        },
      },
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: { FAKE_URL: inject('fakeUrl') },
            },
          })),
        ],
        test: {
          name: 'workers',
          include: ['test/worker/**/*.test.ts'],
          globalSetup: ['test/worker/global-setup.ts'],
          setupFiles: ['test/worker/support/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
