import { expect } from 'vitest';
import { chunkMarkdownFile } from '../../../../src/core/build-time/ingest/chunk-markdown-file';
import { cleanChunkText } from '../../../../src/core/build-time/ingest/clean-chunk-text';
import type { Chunk, ChunkFileOptions } from '../../../../src/core/build-time/ingest/types';

/** Chunks of a file that must be accepted. */
export async function chunksOf(filePath: string, text: string, options?: ChunkFileOptions): Promise<Chunk[]> {
  const result = await chunkMarkdownFile({ filePath, text }, options);
  if (!result.ok) throw new Error(`unexpectedly skipped: ${result.reason}`);
  return result.chunks;
}

/**
 * Every chunk's content is the reader-visible text (see cleanChunkText) of lines
 * start_line..end_line of the ORIGINAL text, its first line on start_line and its last line on
 * the last line of the range that shows anything.
 */
export function expectLineRangesMatch(text: string, chunks: Chunk[]): void {
  const lines = text.split(/\r\n|\r|\n/);
  for (const { payload } of chunks) {
    expect(payload.start_line).toBeGreaterThanOrEqual(1);
    expect(payload.end_line).toBeGreaterThanOrEqual(payload.start_line);
    expect(payload.end_line).toBeLessThanOrEqual(lines.length);
    const range = lines.slice(payload.start_line - 1, payload.end_line).join('\n');
    expect(cleanChunkText(range)).toContain(payload.content);
    const contentLines = payload.content.split('\n');
    // The first and last lines of the range that show anything (a closing `:::` or `</Tabs>` shows
    // nothing, though the range rightly covers it).
    const visible = lines.slice(payload.start_line - 1, payload.end_line).map((line) => cleanChunkText(line)).filter((line) => line !== '');
    expect(visible[0]).toContain(contentLines[0]);
    expect(visible.at(-1)).toContain(contentLines[contentLines.length - 1]);
    expect(cleanChunkText(lines[payload.start_line - 1]!)).not.toBe('');
  }
}

const TOPICS = ['odometry', 'planner', 'gripper', 'lidar', 'camera', 'battery', 'joint', 'network', 'logger', 'map'];

/** `n` distinct English sentences (~14 estimated tokens each). */
export function sentences(n: number, tag: string): string[] {
  return Array.from(
    { length: n },
    (_, i) => `${tag} fact ${i} says the ${TOPICS[i % TOPICS.length]} module reports its state every ${i + 2} ticks.`,
  );
}

/** Paragraphs of `perParagraph` sentences each. */
export function paragraphs(count: number, perParagraph: number, tag: string): string {
  const all = sentences(count * perParagraph, tag);
  return Array.from({ length: count }, (_, p) => all.slice(p * perParagraph, (p + 1) * perParagraph).join(' ')).join('\n\n');
}
