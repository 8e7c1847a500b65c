/**
 * Qdrant-only Worker entry (`npm run deploy:remote`): the same app without the bundled sample
 * index (1.1 MiB gzip), for deployments with QDRANT_URL and COHERE_API_KEY set. A search that
 * would need the embedded index answers 500 config_error saying so.
 */
import { app } from './app';
import type { WorkerBindings } from './bindings';

export default app satisfies ExportedHandler<WorkerBindings>;
