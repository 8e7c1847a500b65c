/**
 * Worker entry point.
 */
import { app } from './app';
import type { WorkerBindings } from './bindings';

export default app satisfies ExportedHandler<WorkerBindings>;
