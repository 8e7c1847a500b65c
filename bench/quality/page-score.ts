/**
 * Page-level scoring of one ranked answer list, as the external books' README defines it: a hit
 * at k when any expected page is among the top-k results' pages; reciprocal rank of the first
 * expected page; an off-topic question passes when the answer is empty or flagged low-confidence.
 * A question that names sections also gets a passage rank: the first result of an expected page
 * under one of them (src/core/build-time/eval/passages.ts).
 */
import { passageSummary, underSection } from '../../src/core/build-time/eval/passages';
import type { PassageSummary } from '../../src/core/build-time/eval/validation-report';
import type { BookQuery } from './book-queries';

/** What a retriever answered for one question. */
export interface RankedAnswer {
  /** Page key of each result, best first (duplicates allowed: one per chunk/window). */
  pages: string[];
  /** The retriever said its answer is weak (`summary.confidence.low_confidence`). */
  flagged: boolean;
  /** Headings each result lies under (`heading_trail`), when the retriever has them (not BM25 windows). */
  headings?: string[][];
}

/** The verdict on one question. */
export interface QueryScore {
  id: string;
  offTopic: boolean;
  /** 1-based rank of the first relevant result, null when none is returned. */
  rank: number | null;
  flagged: boolean;
  /** For needs-all questions: distinct expected pages in the top 3 / min(3, expected). */
  p3All: number | null;
  /**
   * Rank of the first result of an expected page under a labelled section (null: none); undefined
   * when the question names no sections or the retriever reports no headings.
   */
  passageRank?: number | null;
  /** The question uses a word no chunk uses (as `retrieve --gaps` counts them); see {@link scoreAnswer}. */
  lacksWord?: boolean;
}

/** Aggregates of one run over one query set. */
export interface RunScore {
  answerable: number;
  offTopic: number;
  hit1: number;
  hit3: number;
  mrr: number;
  /** Off-topic questions flagged (or answered with nothing). */
  offTopicFlagged: number;
  /** Answerable questions flagged low-confidence. */
  answerableFlagged: number;
  /** Of those, the ones whose answer page was in the top 3 anyway: a flag that hid a good answer. */
  answerableFlaggedInTop3: number;
  /** Passage hit@1 / hit@3 / MRR over the questions that name sections; null when none does. */
  passage: PassageSummary | null;
  /** Answerable questions whose page is not in the top 3. */
  misses: number;
  /**
   * Of those, the ones that use a word the book lacks: a synonyms file can reach them, while the
   * others use only the book's own words and are ranking's to fix.
   */
  missesLackingWord: number;
}

/** "0.788 / 0.970 / 0.880 (33)": passage hit@1 / hit@3 / MRR, then what they were measured over. */
export function formatPassage(p: Pick<PassageSummary, 'hit_at_1' | 'hit_at_3' | 'mrr'>, over: string): string {
  return `${p.hit_at_1.toFixed(3)} / ${p.hit_at_3.toFixed(3)} / ${p.mrr.toFixed(3)} (${over})`;
}

/** "6 (4)": top-3 misses, and how many of them use a word the book lacks. */
export function formatMisses(misses: number, lackingWord: number): string {
  return `${misses} (${lackingWord})`;
}

/**
 * "3/191 (1 in top 3)": answerable questions flagged, and how many of them were answered in the
 * top 3 all the same (the costly wrong flags; the others were misses the flag was right to doubt).
 */
export function formatAnswerableFlagged(flagged: number, answerable: number, inTop3: number): string {
  return flagged > 0 ? `${flagged}/${answerable} (${inTop3} in top 3)` : `0/${answerable}`;
}

/** Is this page relevant to the question? Module labels only count when no page is named. */
export function isRelevantPage(query: BookQuery, page: string, lenient = false): boolean {
  if (query.expected.length > 0 || query.alsoRelevant.length > 0) {
    return query.expected.includes(page) || (lenient && query.alsoRelevant.includes(page));
  }
  return query.modules.some((m) => page === m || page.startsWith(`${m}/`));
}

/** Scores one answer; `lacksWord`: the question uses a word the book lacks (for the misses' split). */
export function scoreAnswer(query: BookQuery, answer: RankedAnswer, lenient = false, lacksWord = false): QueryScore {
  const index = answer.pages.findIndex((page) => isRelevantPage(query, page, lenient));
  const top3 = new Set(answer.pages.slice(0, 3).filter((p) => query.expected.includes(p)));
  const score: QueryScore = {
    id: query.id,
    offTopic: query.offTopic,
    rank: query.offTopic || index < 0 ? null : index + 1,
    flagged: answer.flagged || answer.pages.length === 0,
    p3All: query.needsAll ? top3.size / Math.min(3, query.expected.length) : null,
    ...(lacksWord ? { lacksWord } : {}),
  };
  if (query.sections.length > 0 && answer.headings) {
    const { headings } = answer;
    const at = answer.pages.findIndex((page, i) => query.expected.includes(page) && underSection(headings[i] ?? [], query.sections));
    score.passageRank = at < 0 ? null : at + 1;
  }
  return score;
}

/** Means and counts over a set of scored questions. */
export function aggregate(scores: readonly QueryScore[]): RunScore {
  const answerable = scores.filter((s) => !s.offTopic);
  const off = scores.filter((s) => s.offTopic);
  const missed = answerable.filter((s) => s.rank === null || s.rank > 3);
  const share = (pred: (s: QueryScore) => boolean) => (answerable.length ? answerable.filter(pred).length / answerable.length : 0);
  return {
    answerable: answerable.length,
    offTopic: off.length,
    hit1: share((s) => s.rank === 1),
    hit3: share((s) => s.rank !== null && s.rank <= 3),
    mrr: answerable.length ? answerable.reduce((sum, s) => sum + (s.rank ? 1 / s.rank : 0), 0) / answerable.length : 0,
    offTopicFlagged: off.filter((s) => s.flagged).length,
    answerableFlagged: answerable.filter((s) => s.flagged).length,
    answerableFlaggedInTop3: answerable.filter((s) => s.flagged && s.rank !== null && s.rank <= 3).length,
    passage: passageSummary(answerable.flatMap((s) => (s.passageRank === undefined ? [] : [s.passageRank]))),
    misses: missed.length,
    missesLackingWord: missed.filter((s) => s.lacksWord === true).length,
  };
}
