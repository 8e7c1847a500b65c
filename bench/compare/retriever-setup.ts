/**
 * What every compared setup is: a recipe that indexes a book's pages and answers a question with
 * the file paths of its top chunks, best first. The bench scores those paths by page, exactly as
 * bench:quality scores the project's own answers. Pure types: no framework package here.
 */

/** A page as a framework user reads it: path relative to the docs root (kept as metadata), raw text. */
export interface BookPage {
  path: string;
  text: string;
}

/** A setup's index over one book. */
export interface BuiltRetriever {
  /** How many chunks it indexed. */
  chunks: number;
  /** The file path of each returned chunk, best first (one per chunk, so a page may repeat). */
  search(question: string): Promise<string[]>;
}

/** One framework setup, as its users would build it offline. */
export interface RetrieverSetup {
  /** The run name in the tables. */
  name: string;
  /** One line for the report: package, splitter and its sizes, retriever. */
  summary: string;
  /** Splits and indexes the pages; `k`: results per question. */
  build(pages: readonly BookPage[], k: number): Promise<BuiltRetriever>;
}
