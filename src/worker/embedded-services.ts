/**
 * The index bundled at build time (`npm run build:index`, a wrangler Data module). Decoded on
 * first use, once per isolate, into typed-array views over the module's buffer (no copy), so
 * start-up stays cheap and a Worker configured for Qdrant never decodes it. Importing this module
 * registers the index with the services; the Qdrant-only entry (`remote.ts`) does not import it.
 */
import indexBytes from '../../generated/embedded-index.bin';
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
