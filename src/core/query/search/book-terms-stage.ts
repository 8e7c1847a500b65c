/**
 * The two stages of a search that read the book's vocabulary (`../book-terms/`): each query in the
 * book's words, before the store is asked, and the term rule's verdict, after. On Qdrant the
 * vocabulary comes with the collection facts (memory or KV, read alongside the query), so neither
 * costs an upstream call.
 */
import { qdrantIdf } from '../../common/bm25/index';
import type { CollectionInfo, SearchContext, TermEvidence } from '../ports';
import { assessQueryTerms } from '../book-terms/term-evidence';
import { inBookWords, type QueryInBookWords } from '../book-terms/in-book-words';
import { chunkShare } from '../book-terms/book-vocabulary';
import type { SearchParams } from './search-params';

/** What {@link judgeTerms} learns from the book's vocabulary. */
export interface TermJudgement {
  /** The term rule's verdict per query (undefined without a vocabulary). */
  evidence: (TermEvidence | undefined)[];
  /** A stem's BM25 IDF in the book, when the vocabulary is known (for weighing highlights). */
  rarity?: (stem: string) => number;
  /** The share of the book's chunks that use a stem, when the vocabulary is known. */
  chunkShare?: (stem: string) => number;
}

/**
 * The term rule's verdict on each query. A Qdrant collection's vocabulary comes with its facts,
 * which are known by now even when the search had to learn them alongside its query (and, when
 * read from KV, completed with the vocabulary read alongside it).
 */
export async function judgeTerms(list: readonly SearchParams[], known: CollectionInfo | null, vocabularyRead: Promise<void> | null, context: SearchContext): Promise<TermJudgement> {
  if (!context.bookVocabulary) return { evidence: list.map(() => undefined) };
  if (vocabularyRead) await vocabularyRead;
  const info = known && !vocabularyRead ? known : await context.facts.known().catch(() => known);
  const vocabulary = context.bookVocabulary(info);
  if (!vocabulary) return { evidence: list.map(() => undefined) };
  const { n, df } = vocabulary;
  return {
    evidence: list.map((params) => assessQueryTerms(vocabulary, params.q)),
    rarity: (stem) => qdrantIdf(n, df(stem)),
    chunkShare: chunkShare(vocabulary),
  };
}

/**
 * Each query in the book's words (`in-book-words.ts`), once the facts and the vocabulary are read;
 * null for every query when the store has no vocabulary yet (a collection ingested before it, or
 * the first search after a deploy, whose facts are learnt alongside its query): it is searched as
 * written.
 */
export async function readInBookWords(
  list: readonly SearchParams[],
  knownRead: Promise<CollectionInfo | null>,
  vocabularyRead: Promise<void> | null,
  context: SearchContext,
): Promise<(QueryInBookWords | null)[]> {
  if (!context.bookVocabulary) return list.map(() => null);
  try {
    const known = await knownRead.catch(() => null);
    if (vocabularyRead) await vocabularyRead;
    const vocabulary = context.bookVocabulary(vocabularyRead ? await context.facts.known().catch(() => known) : known);
    return list.map((params) => (vocabulary ? inBookWords(vocabulary, params.q) : null));
  } catch {
    // Only a help to ranking: a vocabulary that cannot be read leaves the queries as written.
    return list.map(() => null);
  }
}
