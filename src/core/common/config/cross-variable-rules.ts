/**
 * The rules between configuration variables, which the schema (one variable at a time) cannot
 * state. Each rule names the variables it reads, so it can still be checked when another
 * variable failed the schema, and skipped when one it reads did (that variable is already named).
 */
import type { RawConfig } from './config-schema';

/** A configuration problem: the variables at fault and what is wrong. */
export interface Problem {
  variables: string[];
  message: string;
}

/** Cohere embedding models and their output sizes (v4 takes `output_dimension`). */
export const EMBED_MODEL_DIMENSIONS: Record<string, { default: number; allowed: number[] }> = {
  'embed-english-v3.0': { default: 1024, allowed: [1024] },
  'embed-multilingual-v3.0': { default: 1024, allowed: [1024] },
  'embed-english-light-v3.0': { default: 384, allowed: [384] },
  'embed-multilingual-light-v3.0': { default: 384, allowed: [384] },
  'embed-v4.0': { default: 1536, allowed: [256, 512, 1024, 1536] },
};

/** Raw variables with the embedder's defaults filled in (the weights the rules compare). */
export type RuledConfig = RawConfig & { HYBRID_SEMANTIC_WEIGHT: number; HYBRID_KEYWORD_WEIGHT: number };

interface Rule {
  reads: (keyof RawConfig)[];
  problem: (raw: RuledConfig) => Problem | null;
}

const RULES: Rule[] = [
  {
    reads: ['TOP_K_MIN', 'TOP_K_MAX'],
    problem: (raw) => (raw.TOP_K_MIN > raw.TOP_K_MAX ? { variables: ['TOP_K_MIN', 'TOP_K_MAX'], message: 'TOP_K_MIN must not exceed TOP_K_MAX' } : null),
  },
  {
    reads: ['TOP_K_DEFAULT', 'TOP_K_MIN', 'TOP_K_MAX'],
    problem: (raw) =>
      raw.TOP_K_DEFAULT < raw.TOP_K_MIN || raw.TOP_K_DEFAULT > raw.TOP_K_MAX
        ? { variables: ['TOP_K_DEFAULT'], message: 'TOP_K_DEFAULT must lie within [TOP_K_MIN, TOP_K_MAX]' }
        : null,
  },
  {
    reads: ['QDRANT_API_KEY', 'QDRANT_URL'],
    problem: (raw) => (raw.QDRANT_API_KEY && !raw.QDRANT_URL ? { variables: ['QDRANT_URL'], message: 'QDRANT_API_KEY is set but QDRANT_URL is missing' } : null),
  },
  {
    reads: ['EMBED_MODEL', 'EMBED_DIMENSION'],
    problem: (raw) => {
      const known = EMBED_MODEL_DIMENSIONS[raw.EMBED_MODEL];
      if (raw.EMBED_DIMENSION === undefined || !known || known.allowed.includes(raw.EMBED_DIMENSION)) return null;
      return { variables: ['EMBED_DIMENSION'], message: `EMBED_DIMENSION for ${raw.EMBED_MODEL} must be one of ${known.allowed.join(', ')}` };
    },
  },
  {
    reads: ['HYBRID_SEMANTIC_WEIGHT', 'HYBRID_KEYWORD_WEIGHT'],
    problem: (raw) =>
      raw.HYBRID_SEMANTIC_WEIGHT + raw.HYBRID_KEYWORD_WEIGHT <= 0
        ? { variables: ['HYBRID_SEMANTIC_WEIGHT', 'HYBRID_KEYWORD_WEIGHT'], message: 'hybrid weights must not both be zero' }
        : null,
  },
];

/**
 * The rules between variables that `raw` breaks, leaving out any rule that reads a variable in
 * `invalid` (its value there is a stand-in default, not what the operator set).
 *
 * @example
 * crossVariableProblems({ ...raw, TOP_K_MIN: 9, TOP_K_MAX: 8 }, new Set()); // [{ variables: ['TOP_K_MIN', 'TOP_K_MAX'], … }, …]
 */
export function crossVariableProblems(raw: RuledConfig, invalid: ReadonlySet<string>): Problem[] {
  return RULES.filter((rule) => !rule.reads.some((name) => invalid.has(name)))
    .map((rule) => rule.problem(raw))
    .filter((problem): problem is Problem => problem !== null);
}
