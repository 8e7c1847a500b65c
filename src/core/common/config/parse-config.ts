/**
 * Parses the environment once into a typed, frozen `Config`. Failures become a 500
 * `config_error` that names the variables at fault and what each expects; it quotes the value
 * given only when that cannot be a secret (see `shownValue`).
 */
import * as z from 'zod/mini';
import { RetrieverError } from '../errors';
import { configSchema, type RawConfig } from './config-schema';
import { crossVariableProblems, EMBED_MODEL_DIMENSIONS, type Problem } from './cross-variable-rules';
import { parsePayloadFields, type PayloadFieldMap } from './payload-fields';

type PerEmbedder = 'SEARCH_MODE' | 'HYBRID_FUSION' | 'HYBRID_SEMANTIC_WEIGHT' | 'HYBRID_KEYWORD_WEIGHT' | 'RRF_KEYWORD_WEIGHT';

/**
 * Defaults that depend on the embedder. Cohere: semantic search, weighted hybrid 0.7/0.3. The
 * local LSA model: hybrid fused by reciprocal rank. Measured on four real books of four fields
 * (the sample, a Linux tutorial and two held-out manuals, finance and music engraving), RRF had
 * the best MRR on four of five query sets and lost 0.001 on the fifth: mean MRR 0.835 vs 0.814
 * for weighted 0.85/0.15 (the previous default), 0.820 for 0.5/0.5. Ranks need no common score
 * scale, which LSA cosines and BM25 sums on a book nobody tuned for do not have.
 */
export const EMBEDDER_DEFAULTS = {
  cohere: { SEARCH_MODE: 'semantic', HYBRID_FUSION: 'weighted', HYBRID_SEMANTIC_WEIGHT: 0.7, HYBRID_KEYWORD_WEIGHT: 0.3, RRF_KEYWORD_WEIGHT: 1 },
  local: { SEARCH_MODE: 'hybrid', HYBRID_FUSION: 'rrf', HYBRID_SEMANTIC_WEIGHT: 0.85, HYBRID_KEYWORD_WEIGHT: 0.15, RRF_KEYWORD_WEIGHT: 1 },
} as const;

/** The service configuration every part reads. */
export interface Config extends Readonly<Omit<RawConfig, 'PAYLOAD_FIELDS' | PerEmbedder | 'ALLOW_ANONYMOUS' | 'LOG_QUERIES' | 'RATE_LIMIT_PERIOD_SECONDS'>> {
  readonly SEARCH_MODE: NonNullable<RawConfig['SEARCH_MODE']>;
  readonly HYBRID_FUSION: NonNullable<RawConfig['HYBRID_FUSION']>;
  readonly HYBRID_SEMANTIC_WEIGHT: number;
  readonly HYBRID_KEYWORD_WEIGHT: number;
  readonly RRF_KEYWORD_WEIGHT: number;
  /** Which embedder answers queries: Cohere when a key is set, else the bundled local model. */
  readonly embedderKind: 'cohere' | 'local';
  /** Which store is searched: Qdrant when QDRANT_URL is set, else the embedded index. */
  readonly storeKind: 'qdrant' | 'embedded';
  /** API field → payload keys to try, in order. */
  readonly payloadFields: PayloadFieldMap;
  /** Accepted API keys from API_KEYS: raw keys or `sha256:<64 hex>` digests. Empty: no keys. */
  readonly apiKeys: readonly string[];
  readonly ALLOW_ANONYMOUS: boolean;
  readonly LOG_QUERIES: boolean;
  readonly RATE_LIMIT_PERIOD_SECONDS: number;
}

/**
 * Validates raw variables (strings, as Workers and the shell provide them) into a `Config`.
 *
 * @example
 * const config = parseConfig({ QDRANT_URL: 'https://x.cloud.qdrant.io', COHERE_API_KEY: '…' });
 * config.storeKind; // 'qdrant'
 */
export function parseConfig(env: Record<string, unknown>): Config {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    // Workers vars are strings; an empty string means "not set", as in a shell.
    if (value !== undefined && value !== null && value !== '') input[key] = typeof value === 'string' ? value.trim() : value;
  }
  const parsed = z.safeParse(configSchema, input);
  // Every problem at once: a deployer who fixes the one named would otherwise meet the next on the
  // next deploy. So the rules between variables are checked even when the schema failed, on the
  // variables that passed it (a failed one falls back to its default, and its rules are skipped).
  const problems = parsed.success ? [] : schemaProblems(parsed.error.issues, input);
  const invalid = new Set(problems.flatMap((problem) => problem.variables));
  const data = parsed.success ? parsed.data : z.parse(configSchema, Object.fromEntries(Object.entries(input).filter(([key]) => !invalid.has(key))));
  const keysProblem = apiKeysProblem(typeof input.API_KEYS === 'string' ? input.API_KEYS : undefined);
  if (keysProblem) problems.push(keysProblem);
  const embedderKind = data.COHERE_API_KEY ? 'cohere' : 'local';
  const defaults = EMBEDDER_DEFAULTS[embedderKind];
  const raw = {
    ...data,
    SEARCH_MODE: data.SEARCH_MODE ?? defaults.SEARCH_MODE,
    HYBRID_FUSION: data.HYBRID_FUSION ?? defaults.HYBRID_FUSION,
    HYBRID_SEMANTIC_WEIGHT: data.HYBRID_SEMANTIC_WEIGHT ?? defaults.HYBRID_SEMANTIC_WEIGHT,
    HYBRID_KEYWORD_WEIGHT: data.HYBRID_KEYWORD_WEIGHT ?? defaults.HYBRID_KEYWORD_WEIGHT,
    RRF_KEYWORD_WEIGHT: data.RRF_KEYWORD_WEIGHT ?? defaults.RRF_KEYWORD_WEIGHT,
  };
  problems.push(...crossVariableProblems(raw, invalid));
  if (problems.length > 0) {
    const variables = [...new Set(problems.flatMap((problem) => problem.variables))];
    throw new RetrieverError('config_error', `Invalid configuration: ${problems.map((problem) => problem.message).join('; ')}`, { variables });
  }
  const { PAYLOAD_FIELDS, ALLOW_ANONYMOUS, LOG_QUERIES, RATE_LIMIT_PERIOD_SECONDS, ...rest } = raw;
  return Object.freeze({
    ...rest,
    apiKeys: parseApiKeys(raw.API_KEYS),
    ALLOW_ANONYMOUS: ALLOW_ANONYMOUS === 'true' || ALLOW_ANONYMOUS === '1',
    LOG_QUERIES: LOG_QUERIES === 'true' || LOG_QUERIES === '1',
    RATE_LIMIT_PERIOD_SECONDS: Number(RATE_LIMIT_PERIOD_SECONDS),
    embedderKind,
    storeKind: raw.QDRANT_URL ? 'qdrant' : 'embedded',
    payloadFields: parsePayloadFields(PAYLOAD_FIELDS),
  });
}

/** One problem per variable (a value can fail several checks that expect the same thing). */
function schemaProblems(issues: z.core.$ZodIssue[], input: Record<string, unknown>): Problem[] {
  const expected = new Map<string, string>();
  for (const issue of issues) {
    const name = String(issue.path[0]);
    if (!expected.has(name)) expected.set(name, issue.message);
  }
  return [...expected].map(([name, message]) => {
    const value = shownValue(name, input[name]);
    return { variables: [name], message: value === null ? `${name}: ${message}` : `${name}: ${message}, got ${value}` };
  });
}

// Names of variables whose value is or may hold a credential (a URL can: user:password@host).
// Matched as substrings on purpose: a new secret's name needs no registration here, and a
// harmless match (HYBRID_KEYWORD_WEIGHT) only loses the quoted value, not the explanation.
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|URL/i;
const MAX_SHOWN_VALUE = 60;

/**
 * Whether a variable's value is or may hold a credential, by its name (so it is never printed).
 *
 * @example
 * mayHoldSecret('COHERE_API_KEY'); // true
 * mayHoldSecret('TOP_K_MAX'); // false
 */
export function mayHoldSecret(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The value quoted for the operator, or null when it might be a secret. */
function shownValue(name: string, value: unknown): string | null {
  if (mayHoldSecret(name)) return null;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_SHOWN_VALUE ? `${text.slice(0, MAX_SHOWN_VALUE)}…` : text;
}

/** Splits API_KEYS into entries (checked by apiKeysProblem). */
function parseApiKeys(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean);
}

/**
 * The first invalid API_KEYS entry, by its position, or null. A raw key must have at least 16
 * characters (a short key can be guessed despite rate limits); a hashed one is `sha256:` and 64 hex
 * digits. Messages never quote an entry: it is a secret.
 */
function apiKeysProblem(value: string | undefined): Problem | null {
  const bad = parseApiKeys(value).findIndex((entry) => (/^sha256:/i.test(entry) ? !/^sha256:[0-9a-f]{64}$/i.test(entry) : entry.length < 16));
  if (bad < 0) return null;
  return { variables: ['API_KEYS'], message: `API_KEYS entry ${bad + 1} is invalid: use a key of at least 16 characters or sha256:<64 hex digits>` };
}

/**
 * Every secret value in a raw environment or a parsed config, for redaction (works on a raw
 * environment even when its config is invalid).
 */
export function configuredSecrets(source: object): readonly string[] {
  // A Worker's env is one object per isolate, asked on every request (the log line): read it once.
  let secrets = secretsOf.get(source);
  if (!secrets) {
    const env = source as Record<string, unknown>;
    const values = [env.COHERE_API_KEY, env.QDRANT_API_KEY, env.ADMIN_API_KEY].filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    const keys = typeof env.API_KEYS === 'string' ? env.API_KEYS.split(/[\s,]+/).filter(Boolean) : [];
    // A URL's user:password (https://user:pass@host) is a credential too, as written and decoded.
    const inUrls = [env.QDRANT_URL, env.COHERE_BASE_URL].flatMap(urlCredentials);
    secrets = Object.freeze([...values.map((v) => v.trim()), ...keys, ...inUrls]);
    secretsOf.set(source, secrets);
  }
  return secrets;
}

const secretsOf = new WeakMap<object, readonly string[]>();

/** The password and `user:password` of a URL with credentials, as written and percent-decoded. */
function urlCredentials(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@\s]*)@/i.exec(value.trim());
  if (!match) return [];
  const userinfo = match[1]!;
  const password = userinfo.includes(':') ? userinfo.slice(userinfo.indexOf(':') + 1) : '';
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  return [...new Set([userinfo, decode(userinfo), password, decode(password)])].filter((part) => part.length >= 4);
}

/** The output size the configured Cohere model produces, when known. */
export function expectedEmbedDimension(config: Pick<Config, 'EMBED_MODEL' | 'EMBED_DIMENSION'>): number | null {
  return config.EMBED_DIMENSION ?? EMBED_MODEL_DIMENSIONS[config.EMBED_MODEL]?.default ?? null;
}
