/**
 * The fake `POST /v2/embed`: validates the body the way Cohere does (wording copied from real
 * responses where known, e.g. "total number of texts must be at most 96 - received 131") and
 * answers with `fakeEmbedding` vectors.
 */
import { randomUUID } from 'node:crypto';
import { fakeEmbedding, fakeWords } from './fake-embedding';
import { isObject } from './http-io';

/** A Cohere answer: status and JSON body. */
export interface CohereReply {
  status: number;
  body: unknown;
}

/** The models the fake knows, with what `/v1/models/{model}` reports. */
export const COHERE_MODELS: Record<string, { endpoint: 'embed' | 'rerank'; contextLength: number; dimensions?: number[] }> = {
  'embed-english-v3.0': { endpoint: 'embed', contextLength: 512, dimensions: [1024] },
  'embed-multilingual-v3.0': { endpoint: 'embed', contextLength: 512, dimensions: [1024] },
  'embed-english-light-v3.0': { endpoint: 'embed', contextLength: 512, dimensions: [384] },
  'embed-multilingual-light-v3.0': { endpoint: 'embed', contextLength: 512, dimensions: [384] },
  // Default first: 1536 when output_dimension is omitted.
  'embed-v4.0': { endpoint: 'embed', contextLength: 128_000, dimensions: [1536, 1024, 512, 256] },
  'rerank-v3.5': { endpoint: 'rerank', contextLength: 4096 },
  'rerank-english-v3.0': { endpoint: 'rerank', contextLength: 4096 },
  'rerank-multilingual-v3.0': { endpoint: 'rerank', contextLength: 4096 },
};

const EMBED_KEYS = ['model', 'input_type', 'texts', 'embedding_types', 'truncate', 'output_dimension', 'max_tokens', 'priority', 'images', 'inputs'];
const INPUT_TYPES = ['search_document', 'search_query', 'classification', 'clustering'];
const EMBEDDING_TYPES = ['float', 'int8', 'uint8', 'binary', 'ubinary', 'base64'];
const TRUNCATE = ['NONE', 'START', 'END'];
const MAX_TEXTS = 96;

/**
 * Cohere answers malformed bodies with 400 `{"message": "invalid request: …"}` (its error-code
 * page: "400 – request body is invalid due to missing or incorrect fields"). Its OpenAPI also
 * lists 422, but the responses seen in the wild for these cases are 400, so the fake uses 400
 * for type errors too.
 */
export function invalid(message: string): CohereReply {
  return { status: 400, body: { message: `invalid request: ${message}` } };
}

/** 404 for an unknown model, with Cohere's sentence. */
export function modelNotFound(model: string): CohereReply {
  return { status: 404, body: { message: `model '${model}' not found, make sure the correct model ID was used and that you have access to the model.` } };
}

/** Handles a parsed `/v2/embed` body. */
export function handleEmbed(body: Record<string, unknown>): CohereReply {
  const unknown = Object.keys(body).find((k) => !EMBED_KEYS.includes(k));
  if (unknown) return invalid(`unknown field \`${unknown}\``);
  if (body.images !== undefined || body.inputs !== undefined) return invalid('images and inputs are not supported by the fake Cohere used in tests');
  if (typeof body.model !== 'string' || body.model === '') return invalid('model must be specified');
  const model = COHERE_MODELS[body.model];
  if (!model) return modelNotFound(body.model);
  if (model.endpoint !== 'embed') return invalid(`model '${body.model}' does not support the embed endpoint`);
  if (typeof body.input_type !== 'string' || !INPUT_TYPES.includes(body.input_type)) {
    return invalid('valid input_type must be provided with the provided model');
  }
  const texts = body.texts;
  if (!Array.isArray(texts) || texts.length === 0) return invalid('texts must be a non-empty array of strings');
  if (texts.length > MAX_TEXTS) return invalid(`total number of texts must be at most ${MAX_TEXTS} - received ${texts.length}`);
  const badText = texts.findIndex((t) => typeof t !== 'string' || t === '');
  if (badText >= 0) return invalid(`texts[${badText}] must be a non-empty string`);
  const types = body.embedding_types ?? ['float'];
  if (!Array.isArray(types) || types.length === 0 || !types.every((t) => typeof t === 'string' && EMBEDDING_TYPES.includes(t))) {
    return invalid(`embedding_types must be a non-empty list of ${EMBEDDING_TYPES.join(', ')}`);
  }
  if (body.truncate !== undefined && !TRUNCATE.includes(body.truncate as string)) return invalid(`truncate must be one of ${TRUNCATE.join(', ')}`);
  for (const key of ['max_tokens', 'priority'] as const) {
    const v = body[key];
    if (v !== undefined && !(Number.isInteger(v) && (v as number) >= (key === 'priority' ? 0 : 1))) return invalid(`${key} must be a positive integer`);
  }
  const dimensions = model.dimensions ?? [];
  let dimension = dimensions[0] ?? 1024;
  if (body.output_dimension !== undefined) {
    if (dimensions.length < 2) return invalid(`output_dimension is not supported for model '${body.model}'; it is only supported for embed-v4.0 and newer`);
    if (!dimensions.includes(body.output_dimension as number)) {
      return invalid(`output_dimension must be one of ${[...dimensions].sort((a, b) => a - b).join(', ')}`);
    }
    dimension = body.output_dimension as number;
  }
  const counts = (texts as string[]).map((t) => Math.max(1, fakeWords(t).length));
  const tooLong = counts.findIndex((n) => n > model.contextLength);
  if (body.truncate === 'NONE' && tooLong >= 0) {
    return invalid(`texts[${tooLong}] is too long for the model's context length of ${model.contextLength} tokens; set truncate to START or END`);
  }
  const vectors = (texts as string[]).map((t) => fakeEmbedding(t, dimension));
  const embeddings: Record<string, unknown> = {};
  for (const type of new Set(types as string[])) embeddings[type] = vectors.map((v) => encode(v, type));
  return {
    status: 200,
    body: {
      id: randomUUID(),
      embeddings,
      texts,
      meta: { api_version: { version: '2' }, billed_units: { input_tokens: counts.reduce((a, b) => a + b, 0) } },
      response_type: 'embeddings_by_type',
    },
  };
}

/** Plausible encodings of the non-float types; only `float` carries meaning in the fake. */
function encode(vector: number[], type: string): unknown {
  switch (type) {
    case 'int8':
      return vector.map((x) => Math.max(-128, Math.min(127, Math.round(x * 127))));
    case 'uint8':
      return vector.map((x) => Math.max(0, Math.min(255, Math.round(x * 127) + 128)));
    case 'binary':
    case 'ubinary': {
      const packed: number[] = [];
      for (let i = 0; i < vector.length; i += 8) {
        let byte = 0;
        for (let bit = 0; bit < 8; bit++) if ((vector[i + bit] ?? 0) > 0) byte |= 1 << (7 - bit);
        packed.push(type === 'binary' ? byte - 128 : byte);
      }
      return packed;
    }
    case 'base64':
      return Buffer.from(new Float32Array(vector).buffer).toString('base64');
    default:
      return vector;
  }
}

/** True for a JSON object body (Cohere bodies are always objects). */
export function isBodyObject(value: unknown): value is Record<string, unknown> {
  return isObject(value);
}
