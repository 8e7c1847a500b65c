/**
 * The ingest CLI's warning for a Qdrant Cloud URL without its REST port (6333), which the README
 * insists on: one line on stderr, the run itself unchanged (a proxy may serve 443).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { qdrantCloudPortWarning } from '../../../src/cli/ingest/qdrant-cloud-port';
import { MINI_BOOK, runCli } from './ingest-harness';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('qdrantCloudPortWarning', () => {
  it('warns for a Qdrant Cloud host given without a port, with the URL to use', () => {
    expect(qdrantCloudPortWarning('https://xyz.eu-central-1-0.aws.cloud.qdrant.io')).toBe(
      "QDRANT_URL https://xyz.eu-central-1-0.aws.cloud.qdrant.io gives no port: Qdrant Cloud's REST API listens on 6333 (https://xyz.eu-central-1-0.aws.cloud.qdrant.io:6333), unless a proxy of yours serves 443",
    );
    expect(qdrantCloudPortWarning('https://XYZ.Cloud.Qdrant.IO/')).toMatch(/listens on 6333 \(https:\/\/xyz\.cloud\.qdrant\.io:6333\)/);
  });

  it('says nothing when a port is given (443 too), or the host is not Qdrant Cloud', () => {
    for (const url of ['https://xyz.cloud.qdrant.io:6333', 'https://xyz.cloud.qdrant.io:443', 'https://xyz.cloud.qdrant.io:443/', 'http://127.0.0.1:6333', 'https://qdrant.example.com', 'https://cloud.qdrant.io.example.com', 'not a url']) {
      expect(qdrantCloudPortWarning(url), url).toBeNull();
    }
  });
});

describe('ingest --target qdrant with a Qdrant Cloud URL without a port', () => {
  it('prints the warning once, on stderr before the failure it leads to, and runs as before', async () => {
    // No network in tests: every call fails as an unreachable host would.
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    const env = { COHERE_API_KEY: 'k', QDRANT_URL: 'https://xyz.cloud.qdrant.io', REQUEST_BUDGET_MS: '1000', UPSTREAM_TIMEOUT_MS: '200' };
    const run = await runCli([MINI_BOOK, '--target', 'qdrant', '--json'], env);
    expect(run.code).toBe(3);
    const lines = run.err.split('\n');
    expect(lines.filter((line) => line.includes('gives no port'))).toEqual([
      "ingest: warning: QDRANT_URL https://xyz.cloud.qdrant.io gives no port: Qdrant Cloud's REST API listens on 6333 (https://xyz.cloud.qdrant.io:6333), unless a proxy of yours serves 443",
    ]);
    expect(lines[0]).toMatch(/^ingest: warning: /);
    expect(run.out).toBe('');
    const withPort = await runCli([MINI_BOOK, '--target', 'qdrant', '--json'], { ...env, QDRANT_URL: 'https://xyz.cloud.qdrant.io:6333' });
    expect(withPort.code).toBe(3);
    expect(withPort.err).not.toMatch(/gives no port/);
  });
});
