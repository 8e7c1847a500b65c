/**
 * What the Worker receives as `env`: the `Env` that `npm run cf-typegen` (wrangler types) generates
 * into worker-configuration.d.ts from wrangler.toml and .dev.vars.example. Every variable is
 * optional at run time (unset variables and secrets are simply absent), and `parseConfig`
 * validates them, hence `Partial`.
 */
export type WorkerBindings = Partial<Env>;

/** Hono environment type for this app. */
export type AppEnv = { Bindings: WorkerBindings };
