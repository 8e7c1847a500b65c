/**
 * The question `npm run dev` suggests once the server is up. For the sample book it is the README's
 * own example; for any other book (`DOCS_DIR`) a question about the sample book would only show the
 * "this book does not cover that" warning, so the suggestion comes from the book being served.
 */
import type { ChunkPayload } from '../../core/build-time/ingest/types';

/** The sample book's example question (README, issue tests). */
export const SAMPLE_BOOK_QUESTION = 'What is a ROS 2 topic?';

// Headings that name a part of every book rather than what this one teaches.
const GENERIC = /^(introduction|overview|summary|conclusions?|see also|references|resources|further reading|next steps|prerequisites|getting started|table of contents)\b/i;

/**
 * The first heading a chunk that is no overview (a chapter's, or the home page's prose) starts under that reads like a topic —
 * often a page's title, since a page's first chunk starts under its H1:
 * two to six words, not a generic part of a book ("Introduction", "See also"). Null when the book
 * has none, and the caller suggests a placeholder instead.
 *
 * @example
 * exampleQuery([{ kind: 'content', section: 'Changing hostname' }]); // 'Changing hostname'
 */
export function exampleQuery(payloads: readonly Pick<ChunkPayload, 'kind' | 'section'>[]): string | null {
  for (const { kind, section } of payloads) {
    if (kind === 'overview' || !section) continue;
    const words = section.trim().split(/\s+/);
    if (words.length < 2 || words.length > 6 || GENERIC.test(section.trim())) continue;
    return words.join(' ');
  }
  return null;
}

/**
 * The question to suggest for the Worker a dev server runs. None when the Worker searches Qdrant
 * (`QDRANT_URL` in its `.dev.vars` or a `--var`): the book there need not be `DOCS_DIR`'s, and a
 * question about another book would only be flagged as not covered. The sample book gets the
 * README's question; any other book one of its own headings.
 *
 * @example
 * await suggestedQuestion({ QDRANT_URL: 'http://127.0.0.1:6333' }, false, readPayloads); // null
 */
export async function suggestedQuestion(
  workerVars: Readonly<Record<string, string>>,
  isSampleBook: boolean,
  readPayloads: () => Promise<readonly Pick<ChunkPayload, 'kind' | 'section'>[]>,
): Promise<string | null> {
  if (workerVars.QDRANT_URL) return null;
  return isSampleBook ? SAMPLE_BOOK_QUESTION : exampleQuery(await readPayloads());
}

/**
 * The `try: curl …` line, with the question URL-encoded for a shell.
 *
 * @example
 * tryLine('http://127.0.0.1:8787', 'What is a ROS 2 topic?'); // "  try: curl 'http://127.0.0.1:8787/search?q=What+is+a+ROS+2+topic%3F&k=3'"
 */
export function tryLine(baseUrl: string, question: string | null): string {
  const q = question === null ? 'YOUR+QUESTION' : new URLSearchParams({ q: question }).toString().slice(2);
  return `  try: curl '${baseUrl}/search?q=${q.replace(/'/g, '%27')}&k=3'`;
}
