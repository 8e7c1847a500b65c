/**
 * `npm run dev`: build the embedded index from the sample book (or DOCS_DIR) and the web assets, then start
 * `wrangler dev` offline. With no `.dev.vars` it serves the embedded default: no keys, no network.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildWebAssets } from '../../scripts/build-web';
import { runIngest } from './ingest';

const docs = process.env.DOCS_DIR ?? 'sample-book/docs';
const port = process.env.PORT ?? '8787';

const code = await runIngest([docs, '--target', 'local', '--out', 'generated/embedded-index.bin', '--quiet'], { ...process.env } as Record<string, string>);
if (code !== 0) process.exit(code);
// The demo page (GET /) and /widget.js are bundled from src/web.
await buildWebAssets();

const wrangler = resolve('node_modules/.bin/wrangler');
if (!existsSync(wrangler)) {
  console.error('wrangler is not installed: run `npm install` first');
  process.exit(2);
}
console.log(`Embedded index built from ${docs}. Starting wrangler dev on http://127.0.0.1:${port}`);
console.log(`  try: curl 'http://127.0.0.1:${port}/search?q=What+is+a+ROS+2+topic%3F&k=3'`);
console.log(`  or open http://127.0.0.1:${port}/ in a browser (demo page; /widget.js embeds the search panel elsewhere)`);
const child = spawn(wrangler, ['dev', '--ip', '127.0.0.1', '--port', port, ...process.argv.slice(2)], {
  stdio: 'inherit',
  // Offline-friendly: no telemetry, no Request.cf fetch (a 3 s stall without network).
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (exitCode) => process.exit(exitCode ?? 0));
