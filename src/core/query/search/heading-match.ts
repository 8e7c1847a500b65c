/**
 * The heading match: with the local model, a fused candidate scores a little more when its page
 * title and headings mean what the question means. The dense list compares the question with a
 * chunk's whole text, where its headings are a few words among hundreds, and the keyword field
 * matches headings word for word; neither put the GIMP manual's "Eraser does not make area
 * transparent" before its sibling "Unexpected colors when trying to use a brush or eraser" for "the
 * eraser paints white instead of making that part see-through" (it does now). Only a local model
 * can embed every candidate's headings at query time, at no cost and with no call
 * (`QueryEmbedder.embedLabel`); with Cohere the fused order is left as it is.
 *
 * Measured (bench:quality, docs/retrieval-quality.md): fourteen sets, default page MRR .723 → .728
 * and passage MRR (the thirteen manuals' 346 labelled questions) .628 → .637; over three other LSA
 * seeds page MRR +.010 / +.012 / −.002, passage MRR +.008 / +.007 / +.002. The eleven manuals as one
 * 3,781-chunk library lose .007 (their headings compete across books).
 */
import { byScoreThenId } from '../../common/ordering';
import type { ScoredPoint } from '../../common/types';
import { fieldText } from '../local-index/field-index';

/**
 * What a perfect heading match adds to a fused score (0–1, 1 = first in both lists), before the
 * scores are scaled back into 0–1. Chosen by measurement: 0.03 / 0.05 / 0.08 gave page MRR .728 /
 * .728 / .731 and passage MRR .637 / .637 / .641, with page hit@3 .787 / .792 / .787; 0.05 keeps hit@3.
 */
export const HEADING_MATCH_WEIGHT = 0.05;

/** A fused candidate: its score and the component scores it reports (`scores`). */
type Fused = ScoredPoint & { extras: { scores?: Record<string, unknown> } & Record<string, unknown> };

/**
 * The fused candidates re-scored by the heading match and re-sorted: score = (fused + `weight` ×
 * max(0, cosine)) / (1 + `weight`), the cosine being that of `query` and the candidate's title and
 * headings as the heading field reads them (`fieldText`). A score stays within 0–1, so a threshold
 * means what it meant. The cosine is reported as `scores.heading`.
 *
 * @example
 * withHeadingMatch(fused, queryVector, (text) => embedWithLsa(model, text));
 */
export function withHeadingMatch<T extends Fused>(ranked: readonly T[], query: Float32Array, embedLabel: (text: string) => Float32Array, weight = HEADING_MATCH_WEIGHT): T[] {
  return ranked
    .map((hit) => {
      const label = embedLabel(fieldText(hit.payload));
      let cosine = 0;
      for (let i = 0; i < label.length && i < query.length; i++) cosine += label[i]! * query[i]!;
      const heading = Math.round(cosine * 1e6) / 1e6;
      return { ...hit, score: (hit.score + weight * Math.max(0, heading)) / (1 + weight), extras: { ...hit.extras, scores: { ...hit.extras.scores, heading } } };
    })
    .sort(byScoreThenId);
}
