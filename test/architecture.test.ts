/**
 * The layout is the architecture (README, "Architecture"): these rules fail the build when an
 * import crosses a boundary, closes a circle, or drags build-time code into the Worker bundle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every import of a file, type-only ones included (a type import is still a dependency of the design). */
function importsOf(file: string): { spec: string; target: string | null }[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specs = [...text.matchAll(/^\s*(?:import|export)\b[^'";]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => (m[1] ?? m[2]) as string);
  return specs.map((spec) => {
    if (!spec.startsWith('.')) return { spec, target: null };
    const base = relative(ROOT, resolve(ROOT, dirname(file), spec));
    // `./x.js` names `./x.ts` (the client's imports carry extensions so its build runs in plain Node).
    const target = [`${base}.ts`, `${base}/index.ts`, base.replace(/\.js$/, '.ts'), base].find((candidate) => FILES.has(candidate)) ?? base;
    return { spec, target };
  });
}

const FILES = new Set(sourceFiles('src'));
const GRAPH = new Map([...FILES].map((file) => [file, importsOf(file)]));
const layer = (file: string) => /^src\/(core\/(common|query|build-time)|worker|cli|client|web)\//.exec(file)?.[1] ?? file;

describe('architecture', () => {
  it('keeps src/core runtime-neutral: no hono, cloudflare:*, node:* and nothing from src/worker or src/cli', () => {
    const offending = [...GRAPH].flatMap(([file, imports]) =>
      file.startsWith('src/core/')
        ? imports
            .filter(({ spec, target }) => /^(hono|cloudflare:|node:)/.test(spec) || (target !== null && /^src\/(worker|cli)\//.test(target)))
            .map(({ spec }) => `${file} imports ${spec}`)
        : [],
    );
    expect(offending).toEqual([]);
  });

  it('imports only downwards: common ← query ← build-time, and the Worker never reaches build-time code', () => {
    const allowed: Record<string, string[]> = {
      'core/common': ['core/common'],
      'core/query': ['core/common', 'core/query'],
      'core/build-time': ['core/common', 'core/query', 'core/build-time'],
      worker: ['core/common', 'core/query', 'worker'],
      cli: ['core/common', 'core/query', 'core/build-time', 'cli', 'client'],
      // The client and the browser code take only types from core (erased: nothing server-side ships).
      client: ['core/common', 'core/query', 'client'],
      web: ['core/common', 'core/query', 'client', 'web'],
    };
    const upward = [...GRAPH].flatMap(([file, imports]) =>
      imports
        .filter(({ target }) => target !== null && target.startsWith('src/') && !(allowed[layer(file)] ?? []).includes(layer(target)))
        .map(({ target }) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('lets the typed client take only types from core (it ships no zod and no server code)', () => {
    const valueImports = [...GRAPH.keys()]
      .filter((file) => file.startsWith('src/client/'))
      .flatMap((file) =>
        [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^\s*(import|export)\s+(?!type\b)[^'";]*?from\s+['"]([^'"]+)['"]/gm)]
          .filter((m) => !(m[2] as string).startsWith('./'))
          .map((m) => `${file} → ${m[2]}`),
      );
    expect(valueImports).toEqual([]);
  });

  it('has no import circle anywhere in src (type-only imports count)', () => {
    // Tarjan's strongly connected components over the relative-import graph.
    let counter = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const circles: string[][] = [];
    const visit = (file: string): void => {
      index.set(file, counter);
      low.set(file, counter++);
      stack.push(file);
      for (const { target } of GRAPH.get(file) ?? []) {
        if (target === null || !GRAPH.has(target)) continue;
        if (!index.has(target)) {
          visit(target);
          low.set(file, Math.min(low.get(file)!, low.get(target)!));
        } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
      if (low.get(file) === index.get(file)) {
        const component: string[] = [];
        let member: string;
        do component.push((member = stack.pop()!));
        while (member !== file);
        if (component.length > 1 || (GRAPH.get(file) ?? []).some(({ target }) => target === file)) circles.push(component.sort());
      }
    };
    for (const file of GRAPH.keys()) if (!index.has(file)) visit(file);
    expect(circles).toEqual([]);
  });

  it('bundles into the Worker exactly the code that src/worker, src/core/common and src/core/query hold', async () => {
    const result = await build({
      // Two entries: the default build and the Qdrant-only one without the bundled index.
      entryPoints: [join(ROOT, 'src/worker/index.ts'), join(ROOT, 'src/worker/remote.ts')],
      bundle: true,
      write: false,
      outdir: 'out',
      metafile: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      external: ['*.bin', 'cloudflare:*', '@edge-retriever/embedded-index'],
      logLevel: 'silent',
    });
    const bundled = Object.keys(result.metafile.inputs).filter((file) => file.startsWith('src/'));
    expect(bundled.filter((file) => !/^src\/(worker|core\/common|core\/query)\//.test(file))).toEqual([]);
    // Everything in those folders ships, except modules that hold only types (erased by the compiler)
    // and the response schemas: the pipeline and the client take their types, and their values are
    // read at build time only, where /openapi.json is generated (core/build-time/openapi-document.ts).
    const typeOnly = (file: string) => !/^\s*export\s+(async\s+)?(function|const|let|class|default)\b/m.test(readFileSync(join(ROOT, file), 'utf8'));
    const buildTimeValues = ['src/core/query/search/response-schema.ts'];
    const shipped = [...FILES].filter((file) => /^src\/(worker|core\/common|core\/query)\//.test(file) && !typeOnly(file) && !buildTimeValues.includes(file));
    expect(shipped.filter((file) => !bundled.includes(file))).toEqual([]);
    // hono/tiny's PatternRouter only: one `import { Hono } from 'hono'` in a route file would bundle
    // the default SmartRouter with RegExpRouter and TrieRouter again (~2.4 KiB gzip), silently.
    const routers = Object.keys(result.metafile.inputs).filter((file) => /hono\/dist\/router\/(smart|reg-exp|trie|linear)-router\//.test(file));
    expect(routers).toEqual([]);
  });
});
