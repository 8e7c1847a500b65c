import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
// With its extension: vite's native config loader (its planned default) resolves no bare path.
import { localVarsMasked } from './test/support/local-vars-masked.ts';

// The tests' own index module (test/support/test-index-paths.ts names the same file; a relative
// import here would make vite warn on every run about its native config loader).
const TEST_INDEX_MODULE = fileURLToPath(new URL('generated/test/sample-book.js', import.meta.url));

export default defineConfig({
  test: {
    // Every project uses the tests' own index (generated/test/), built once here.
    globalSetup: ['test/support/test-index.ts'],
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/*.test.ts', 'test/core/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/client/**/*.test.ts', 'test/scripts/**/*.test.ts', 'test/http/**/*.test.ts', 'test/web/**/*.test.ts'],
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
        resolve: { alias: { '@edge-retriever/embedded-index': TEST_INDEX_MODULE } },
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // wrangler also loads the developer's .dev.vars (their Cohere key, API_KEYS, CORS_ORIGINS…):
              // the tests see wrangler.toml's [vars] alone, whatever that file holds.
              bindings: { ...localVarsMasked('wrangler.toml'), FAKE_URL: inject('fakeUrl') },
              // Small limits for the rate-limit tests (the real ones come from wrangler.toml).
              ratelimits: { TEST_LIMIT_3: { namespace_id: '9003', simple: { limit: 3, period: 60 } } },
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
