/**
 * A query embedder: Cohere over REST, or the local LSA model bundled with the embedded index.
 */

/** Who produced a vector, so a store can refuse vectors from another model. */
export interface EmbedderDescriptor {
  kind: 'cohere' | 'lsa';
  /** Model name, e.g. `embed-english-v3.0`, or the LSA model id `lsa-128-ab12cd34`. */
  model: string;
  /** Output size, when known before the first call. */
  dimension: number | null;
}

/** Embeds one search query. */
export interface QueryEmbedder {
  readonly descriptor: EmbedderDescriptor;
  /** Whether results may be cached (remote, billed embedders). */
  readonly cacheable: boolean;
  embedQuery(text: string): Promise<Float32Array>;
  /** Share of the query's words the model knows (local models only; a remote model knows all). */
  coverage?(text: string): number;
}
