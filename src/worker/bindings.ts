/**
 * What the Worker receives as `env`: the KV binding plus string variables and secrets
 * (validated by `parseConfig`, so they are typed loosely here).
 */
export type WorkerBindings = {
  EMBED_CACHE?: KVNamespace;
} & Record<string, unknown>;

/** Hono environment type for this app. */
export type AppEnv = { Bindings: WorkerBindings };
