/**
 * Qdrant-only Worker entry (`npm run deploy:remote`): the same app without the bundled sample
 * index (1.1 MiB gzip), for deployments with QDRANT_URL and COHERE_API_KEY set. A search that
 * would need the embedded index answers 500 config_error saying so; /health a 503 "misconfigured".
 */
import { app } from './app';
import type { WorkerBindings } from './bindings';
import { provideEmbeddedIndex } from './services';

// Said, not just left out: nothing registers one in this bundle, and a test that loads this entry
// beside the default one sees the Qdrant-only build's behaviour.
provideEmbeddedIndex(null);

export default app satisfies ExportedHandler<WorkerBindings>;
