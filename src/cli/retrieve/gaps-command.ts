/**
 * The `--gaps FILE` command: the words readers used that the book never does, from a file of
 * questions — one per line, or the Worker's request log lines with `LOG_QUERIES=true` (as `wrangler
 * tail --format json` prints them, or one JSON line per request) — ranked by how many questions used
 * each. It turns a log into the next lines of the owner's synonyms file (docs/writing-synonyms.md).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { vocabularyGaps, type VocabularyGaps } from '../../core/build-time/eval/vocabulary-gaps';
import { RetrieverError } from '../../core/common/errors';
import { EXIT, usageError } from '../cli-failure';
import type { RetrieveArgs } from './args';
import type { RetrieveIo } from './io';
import { defaultIndexPath, inProcessSearcher } from './run-query';

/** Words listed in the text report (`--json` lists all). */
const SHOWN = 30;
/** Characters of an example question shown in the text report. */
const EXAMPLE_CHARS = 60;

const clip = (text: string): string => (text.length > EXAMPLE_CHARS ? `${text.slice(0, EXAMPLE_CHARS - 1)}…` : text);

/**
 * Runs `--gaps` as parsed in `args` against the book's vocabulary: the one ingest recorded in the
 * Qdrant collection when `QDRANT_URL` is set, else the embedded index's (`--index`, else the book's
 * own); returns 0. An unreadable file, one with log lines but no question in them, or a collection
 * ingested before its vocabulary was recorded is a configuration error (exit 2).
 *
 * @example
 * await runGapsCommand(parseRetrieveArgs(['--gaps', 'questions.txt']), {}, io);
 */
export async function runGapsCommand(args: RetrieveArgs, env: Record<string, string>, io: RetrieveIo): Promise<number> {
  const file = resolve(io.cwd, args.gaps as string);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // The file named on the command line: a usage error, not the configuration's.
    throw usageError(`cannot read the questions file ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  // A .json file is a query set or a log: JSON that does not parse is a broken file, not one question.
  if (/\.json$/i.test(file) && !readsAsJson(text)) {
    throw usageError(`${file} is not valid JSON (a query set is an array of {"query": …}, a log has one JSON object per line)`);
  }
  const { questions, logLinesWithout } = questionsFrom(text);
  if (questions.length === 0 && logLinesWithout > 0) {
    throw new RetrieverError('config_error', `${file} has ${logLinesWithout} log line(s) and no question in them`, {
      hint: 'the Worker logs the question only with LOG_QUERIES=true',
    });
  }
  const indexPath = args.index !== null ? resolve(io.cwd, args.index) : defaultIndexPath(io.cwd, env);
  const searcher = inProcessSearcher({ env, indexPath, ...(io.fetch ? { fetch: io.fetch } : {}) });
  const vocabulary = await searcher.bookVocabulary();
  if (!vocabulary) {
    throw new RetrieverError('config_error', `The collection ${searcher.config.QDRANT_COLLECTION} records no vocabulary`, {
      hint: 'ingest the book again with `npm run ingest` (it records the vocabulary), or pass --index FILE',
    });
  }
  const gaps = vocabularyGaps(vocabulary, questions);
  const source = searcher.config.storeKind === 'qdrant' ? { collection: searcher.config.QDRANT_COLLECTION } : { index: indexPath };
  io.stdout(args.json ? JSON.stringify({ file: args.gaps, ...source, ...gaps }, null, 2) : formatGaps(gaps));
  return EXIT.ok;
}

/**
 * The questions of a file. A query set (`queries.json`: an array of `{ query }`, or `{ queries: [...] }`)
 * gives each item's `query`. Otherwise, line by line: a JSON object with a string `query` (a request
 * log line), or a `wrangler tail --format json` record whose `logs[].message` holds such a line; any
 * other JSON line is a log line without a question (counted); any other non-blank line is a
 * question as written.
 *
 * @example
 * questionsFrom('rename my computer\n{"message":"request","query":"cron"}\n').questions; // ['rename my computer', 'cron']
 */
export function questionsFrom(text: string): { questions: string[]; logLinesWithout: number } {
  const set = querySet(text);
  if (set) return { questions: set, logLinesWithout: 0 };
  const questions: string[] = [];
  let logLinesWithout = 0;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const record = trimmed.startsWith('{') ? parseObject(trimmed) : null;
    if (!record) {
      questions.push(trimmed);
      continue;
    }
    const found = queriesOf(record);
    if (found.length) questions.push(...found);
    else logLinesWithout++;
  }
  return { questions, logLinesWithout };
}

/** The `query` of each item when the whole text is a query set, else null. */
function querySet(text: string): string[] | null {
  const start = text.trimStart()[0];
  if (start !== '[' && start !== '{') return null;
  const value = jsonValue(text);
  if (value === undefined) return null; // JSON lines, not one document
  const items = Array.isArray(value) ? value : (value as { queries?: unknown } | null)?.queries;
  if (!Array.isArray(items)) return null;
  return items.map((item) => (item as { query?: unknown } | null)?.query).filter((query): query is string => typeof query === 'string');
}

function parseObject(text: string): Record<string, unknown> | null {
  const value = jsonValue(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The JSON value of `text`, or undefined when it is not JSON (no JSON text parses to undefined). */
function jsonValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The `query` of a request log line, or of the log lines inside a `wrangler tail` record. */
function queriesOf(record: Record<string, unknown>): string[] {
  if (typeof record.query === 'string') return [record.query];
  if (!Array.isArray(record.logs)) return [];
  const found: string[] = [];
  for (const log of record.logs as unknown[]) {
    const messages = (log as { message?: unknown } | null)?.message;
    for (const message of Array.isArray(messages) ? messages : []) {
      const inner = typeof message === 'string' ? parseObject(message) : (message as Record<string, unknown> | null);
      if (inner && typeof inner.query === 'string') found.push(inner.query);
    }
  }
  return found;
}

/** The text report: a header, then a table of the most used words with example questions. */
export function formatGaps(gaps: VocabularyGaps): string {
  const lines = [
    `${gaps.withGaps} of ${gaps.questions} questions use a word the book never does; the term rule judged ${gaps.offTopic} of them off-topic.`,
  ];
  if (gaps.words.length === 0) return lines.join('\n');
  lines.push(
    'A word of questions the book covers is the reader\'s side of a synonyms.txt line ("reader word => book term");',
    'one of off-topic questions may name a topic the book lacks.',
    '',
    'questions  off-topic  word',
  );
  const width = Math.max(...gaps.words.slice(0, SHOWN).map((gap) => gap.word.length));
  for (const gap of gaps.words.slice(0, SHOWN)) {
    lines.push(`${String(gap.questions).padStart(9)}  ${String(gap.offTopic).padStart(9)}  ${gap.word.padEnd(width)}  e.g. ${gap.examples.map((q) => `"${clip(q)}"`).join(' · ')}`);
  }
  if (gaps.words.length > SHOWN) lines.push(`and ${gaps.words.length - SHOWN} more words (--json lists all)`);
  return lines.join('\n');
}

/** The whole text is JSON (a query set), or each non-blank line is (a log). */
function readsAsJson(text: string): boolean {
  return jsonValue(text) !== undefined || text.split(/\r?\n/).every((line) => line.trim() === '' || jsonValue(line) !== undefined);
}
