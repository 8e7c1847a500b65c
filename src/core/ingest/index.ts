/** Markdown → chunks for the ingest CLI and the embedded index (runtime-neutral: no file I/O here). */
export { DEFAULT_CHUNK_OPTIONS, resolveChunkOptions } from './chunk-options';
export { chunkMarkdownFile, type MarkdownFileInput } from './chunk-markdown-file';
export { decodeDocBytes, type DecodeResult } from './decode-text';
export { docusaurusRoute, isConventionalDocIndex, sourceUrlFor, stripNumberPrefix, type RouteInput } from './docusaurus-route';
export { estimateTokens } from './estimate-tokens';
export { CHUNK_ID_NAMESPACE, pointIdFor, sha256Hex, uuidV5 } from './point-id';
export type { Chunk, ChunkFileOptions, ChunkFileResult, ChunkOptions, ChunkPayload, SkipCode } from './types';
