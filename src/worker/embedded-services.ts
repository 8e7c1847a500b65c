/**
 * The index bundled at build time (a wrangler Data module). `@edge-retriever/embedded-index` is
 * an alias: wrangler.toml's `[alias]` names the file `wrangler deploy` bundles (built by its
 * `[build]` step), `npm run dev` passes its own book's file, the tests theirs. Decoded on
 * first use, once per isolate, into typed-array views over the module's buffer (no copy), so
 * start-up stays cheap and a Worker configured for Qdrant never decodes it. Importing this module
 * registers the index with the services; the Qdrant-only entry (`remote.ts`) does not import it.
 */
import indexBytes from '@edge-retriever/embedded-index';
import { decodeIndex } from '../core/query/local-index/index-format';
import type { EmbeddedIndex } from '../core/query/local-index/index-types';
import { provideEmbeddedIndex } from './services';

let decoded: EmbeddedIndex | null = null;

/** The bundled index, decoded once per isolate. */
export function bundledIndex(): EmbeddedIndex {
  decoded ??= decodeIndex(indexBytes);
  return decoded;
}

provideEmbeddedIndex(bundledIndex);
