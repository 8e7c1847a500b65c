/**
 * What the Worker receives as `env`: the `Env` that `npm run cf-typegen` (wrangler types) generates
 * into worker-configuration.d.ts from wrangler.toml and .dev.vars.example (KV, the rate limiters,
 * variables, secrets). Every variable is optional at run time (unset variables and secrets are
 * simply absent, a removed [[ratelimits]] block switches that limit off), and `parseConfig`
 * validates them, hence `Partial`.
 */
export type WorkerBindings = Partial<Env>;

/** Who is calling, as established by the access middleware. */
export type Caller = { kind: 'key'; id: string } | { kind: 'anonymous' };

/** Per-request values set by middleware. */
export interface RequestVariables {
  requestId: string;
  /** The request's log line, filled in as the request goes (see request-context.ts). */
  log: Record<string, unknown>;
  /** `waitUntil` that the log line waits for, so deferred failures still reach it. */
  defer: (work: Promise<unknown>) => void;
  caller: Caller;
  /** True when the caller may see everything (no API_KEYS configured, or a valid key). */
  fullAccess: boolean;
}

/** Hono environment type for this app. */
export type AppEnv = { Bindings: WorkerBindings; Variables: RequestVariables };
