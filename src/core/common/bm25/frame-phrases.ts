/**
 * "How long" and "how often", each read as one token. A question's "how long" asks for a duration,
 * and its "long" weighs nothing (question-frame.ts): the answer says "8 to 12 years", not "long".
 * Yet a book may ask the very question itself — a FAQ's heading "How long does it take to learn?",
 * "How often should I feed them?" — and that passage is the answer; with "long" weighing nothing,
 * the words left ("ski parallel") ranked the chapter that names them most, and the FAQ's answer was
 * 7th. The phrase as one token meets the book's phrase only: "a long turn" or "often wet" are no
 * match, as before. Stopwords ("how") and the frame word alone still weigh what they did.
 *
 * An extra token beside Qdrant's own analysis ({@link analyzeText} is unchanged), as the others in
 * extra-tokens.ts: ingest adds it to a chunk's body BM25 vector and the search to the question's;
 * a collection ingested before has none, and the question finds what it found before.
 */

// Not a compound's first part ("how long-term care pays"), as question-frame.ts reads it.
const HOW_FRAME = /\bhow\s+(long|often)\b(?!-)/gi;

/**
 * The "how long" and "how often" of `text`, lowercased, one space apart, in order, repeats kept
 * (they are term frequencies). The space keeps them apart from any word the analyzer makes.
 *
 * @example
 * framePhrases('How long does it take? How often, and how long-term?'); // ['how long', 'how often']
 * framePhrases('a long turn, often wet'); // []
 */
export function framePhrases(text: string): string[] {
  return [...text.matchAll(HOW_FRAME)].map((match) => `how ${match[1]!.toLowerCase()}`);
}
