/**
 * How broad a filter may be. A filter is evaluated for every candidate point (on the embedded index
 * in the Worker, on Qdrant for a remote collection), and a breadth without bound made one search cost
 * tens of times the usual: an `or` of 5,800 equalities (62 KB, under the body limit) took ~90 ms on
 * the embedded index where a search takes 2–5 ms, and went to Qdrant as it was. Nesting is bounded
 * apart (`MAX_FILTER_DEPTH` in filter-dsl.ts).
 */

/**
 * How many conditions one filter may hold: each test of a payload key counts one (an equality, `ne`,
 * `any`/`in`, `nin`, a range), the combinators none. Real filters hold a handful.
 */
export const MAX_FILTER_CONDITIONS = 64;

/**
 * How many values one `any`/`in`/`nin` list, and the `tags` shortcut, may hold: room for every tag
 * list a search needs (a book has tens of tags), far below what makes a match list costly.
 */
export const MAX_FILTER_VALUES = 256;
