/**
 * Where the words a search matched stand in a line of text: the demo page and the widget mark them,
 * the CLI starts a long preview shortly before the first. It lives beside the typed client because
 * both read the Worker's `highlight.terms` through it.
 */

/**
 * Where `terms` (whole words, any case) stand in `text`, as [start, end) offsets: not the "robot" of
 * `robot_description`, nor the "1" of "0.1" or "1,000", nor a term joined by hyphens ("o-o", chess's
 * castling, which the search reads whole) inside a longer run ("O-O-O"). A number's point guards
 * only a term with a digit at that end: a move number's "1." leaves the "e4" of "1.e4" a word.
 *
 * @example
 * markedSpans('robot_description names the robot, 0.1 not 1', ['robot', '1']); // [[28, 33], [43, 44]]
 */
export function markedSpans(text: string, terms: readonly string[]): [number, number][] {
  const words = terms.filter(Boolean).map((term) => {
    const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const joined = term.includes('-');
    const before = [/^\p{N}/u.test(term) ? '(?<!\\p{N}[.,])' : '', joined ? '(?<![\\p{L}\\p{N}]-)' : ''].join('');
    const after = [/\p{N}$/u.test(term) ? '(?![.,]\\p{N})' : '', joined ? '(?!-[\\p{L}\\p{N}])' : ''].join('');
    return `${before}${escaped}${after}`;
  });
  if (words.length === 0) return [];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${words.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
  return [...text.matchAll(pattern)].map((match) => [match.index, match.index + match[0].length]);
}
