/**
 * Worker entry point (default build): the app plus the bundled embedded index, so the Worker
 * answers offline with no keys. `remote.ts` is the Qdrant-only entry without the index.
 */
import { app } from './app';
import type { WorkerBindings } from './bindings';
import './embedded-services';

export default app satisfies ExportedHandler<WorkerBindings>;
