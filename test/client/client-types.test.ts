/**
 * The built client's types as a consumer's compiler reads them, on `moduleResolution: nodenext`
 * (Node's own ESM rules): the `.d.ts` files must name `.js` files, or the consumer gets TS2835 errors,
 * or with `skipLibCheck` every type of the client silently `any` (scripts/esm-specifiers.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withEsmSpecifiers } from '../../scripts/esm-specifiers';

// Inside the repository, so `edge-retriever/client` resolves through the package's own "exports".
mkdirSync('generated/test', { recursive: true });
const dir = mkdtempSync(resolve('generated/test/consumer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CONSUMER = `import { createClient, EdgeRetrieverError } from 'edge-retriever/client';

const client = createClient({ baseUrl: 'http://127.0.0.1:8787' });

export async function use(): Promise<void> {
  const answer = await client.search({ q: 'What is a ROS 2 topic?', k: 3 });
  const rank: number = answer.results[0]!.rank;
  // @ts-expect-error a rank is a number
  const wrong: string = answer.results[0]!.rank;
  // @ts-expect-error not a search parameter
  await client.search({ q: 'x', bogus: 1 });
  // @ts-expect-error the client chooses the format: context() for the prompt text
  await client.search({ q: 'x', format: 'context' });
  const prompt: string = await client.context({ q: 'x' });
  void prompt;
  void rank;
  void wrong;
  void EdgeRetrieverError;
}
`;

describe('the client package on moduleResolution nodenext', () => {
  it('type-checks a consumer strictly, with real types (a wrong use is an error)', () => {
    // Built by `npm run build:client` (npm test runs it first).
    writeFileSync(join(dir, 'use.ts'), CONSUMER);
    const options = { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: [], lib: ['es2023', 'dom'] };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['use.ts'] }));
    const run = () => execFileSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
    // tsc exits 0 only when neither the package's .d.ts nor the consumer has an error, and each
    // expected error above is used, which it is not when the client's types are `any`.
    expect(run).not.toThrow();
  }, 60_000);
});

describe('withEsmSpecifiers', () => {
  it('adds .js to relative specifiers of emitted files, /index.js for a folder, and leaves the rest', () => {
    const root = mkdtempSync(join(dir, 'tree-'));
    mkdirSync(join(root, 'core', 'search'), { recursive: true });
    writeFileSync(join(root, 'core', 'errors.d.ts'), '');
    writeFileSync(join(root, 'core', 'search', 'index.js'), '');
    const client = join(root, 'client');
    const text = [
      "import type { A } from '../core/errors';",
      "export { B } from '../core/search';",
      "type C = import('../core/errors').C;",
      "import { D } from './already.js';",
      "import * as z from 'zod/mini';",
      "import { E } from '../core/missing';",
    ].join('\n');
    expect(withEsmSpecifiers(text, client).split('\n')).toEqual([
      "import type { A } from '../core/errors.js';",
      "export { B } from '../core/search/index.js';",
      "type C = import('../core/errors.js').C;",
      "import { D } from './already.js';",
      "import * as z from 'zod/mini';",
      "import { E } from '../core/missing';",
    ]);
  });
});
