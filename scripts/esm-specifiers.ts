/**
 * `npm run build:client` step two: the emitted package's relative imports get the `.js` Node's ESM
 * resolution needs. The sources import extensionless (`moduleResolution: bundler`), and tsc copies
 * that into the `.d.ts` files: a consumer on `moduleResolution: node16/nodenext` got TS2835 errors
 * in `types.d.ts`, or with `skipLibCheck` every type of the client silently `any`.
 *
 * Usage: tsx scripts/esm-specifiers.ts [dir]   (default dist/package)
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

/**
 * `text` (a `.js` or `.d.ts` file in `dir`) with each extensionless relative specifier pointing at
 * the emitted file: `./x` → `./x.js`, or `./x/index.js` for a folder. Others are left as written.
 *
 * @example
 * withEsmSpecifiers("import type { A } from '../core/a';", 'dist/package/client'); // "… from '../core/a.js';" when dist/package/core/a.d.ts exists
 */
export function withEsmSpecifiers(text: string, dir: string): string {
  return text.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
    if (/\.(m|c)?js$|\.json$/.test(spec)) return whole;
    const base = resolve(dir, spec);
    const emitted = (path: string) => existsSync(`${path}.js`) || existsSync(`${path}.d.ts`);
    if (emitted(base)) return `${lead}${quote}${spec}.js${quote}`;
    if (emitted(join(base, 'index'))) return `${lead}${quote}${spec}/index.js${quote}`;
    return whole;
  });
}

/** Rewrites every `.js` and `.d.ts` under `root` in place; returns how many files changed. */
export function rewriteTree(root: string): number {
  let changed = 0;
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) {
      changed += rewriteTree(path);
    } else if (name.endsWith('.js') || name.endsWith('.d.ts')) {
      const before = readFileSync(path, 'utf8');
      const after = withEsmSpecifiers(before, dirname(path));
      if (after !== before) {
        writeFileSync(path, after);
        changed += 1;
      }
    }
  }
  return changed;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  rewriteTree(resolve(process.argv[2] ?? 'dist/package'));
}
