/**
 * LangChain.js's offline retrieval for a markdown book: its markdown splitter and its BM25Retriever
 * (@langchain/community/retrievers/bm25), the one retriever LangChain ships that needs no
 * embeddings model. Its EnsembleRetriever (@langchain/classic) only fuses this with a vector store,
 * and every local embeddings class LangChain has (Hugging Face transformers, TensorFlow, llama.cpp)
 * loads downloaded weights: there is no offline hybrid to measure.
 */
import { BM25Retriever } from '@langchain/community/retrievers/bm25';
import { Document } from '@langchain/core/documents';
import { MarkdownTextSplitter } from '@langchain/textsplitters';
import type { BookPage, BuiltRetriever, RetrieverSetup } from './retriever-setup';

/**
 * Characters per chunk and overlap: TextSplitter's own defaults, which MarkdownTextSplitter keeps
 * when given none, and the sizes LangChain's RAG tutorial passes (chunkSize 1000, chunkOverlap 200).
 * Given explicitly so a change of default upstream cannot change the bench silently.
 */
export const LC_CHUNK_SIZE = 1000;
export const LC_CHUNK_OVERLAP = 200;

/** Each page as a LangChain Document, its path in `metadata.source` as LangChain's file loaders put it. */
export function pageDocuments(pages: readonly BookPage[]): Document[] {
  return pages.map((page) => new Document({ pageContent: page.text, metadata: { source: page.path } }));
}

/**
 * BM25Retriever over `chunks`, as shipped: it lowercases and whitespace-splits the question but
 * matches each term as a case-sensitive substring of the raw chunk text (no stemming, no stopwords).
 *
 * @example
 * const retriever = bm25Retriever(await new MarkdownTextSplitter().splitDocuments(docs), 10);
 */
export function bm25Retriever(chunks: readonly Document[], k: number): BuiltRetriever {
  const retriever = BM25Retriever.fromDocuments([...chunks], { k });
  return {
    chunks: chunks.length,
    async search(question) {
      const found = await retriever.invoke(question);
      return found.map((doc) => String(doc.metadata.source));
    },
  };
}

async function markdownChunks(pages: readonly BookPage[]): Promise<Document[]> {
  const splitter = new MarkdownTextSplitter({ chunkSize: LC_CHUNK_SIZE, chunkOverlap: LC_CHUNK_OVERLAP });
  return splitter.splitDocuments(pageDocuments(pages));
}

/** LangChain's markdown splitter feeding its BM25Retriever, as documented. */
export const langchainBm25: RetrieverSetup = {
  name: 'lc-md-bm25',
  summary: `LangChain MarkdownTextSplitter (chunkSize ${LC_CHUNK_SIZE}, chunkOverlap ${LC_CHUNK_OVERLAP} characters) + BM25Retriever`,
  build: async (pages, k) => bm25Retriever(await markdownChunks(pages), k),
};

/**
 * The same, with each chunk's text lowercased before indexing: the one-line workaround for the
 * retriever matching lowercased questions against text it never lowercases. A diagnostic, not
 * LangChain as shipped: it shows how much of the gap is that one mismatch.
 */
export const langchainBm25Lowercased: RetrieverSetup = {
  name: 'lc-md-bm25-lc',
  summary: 'as lc-md-bm25, chunk text lowercased by the caller before indexing (diagnostic, not as shipped)',
  build: async (pages, k) => {
    const chunks = (await markdownChunks(pages)).map((doc) => new Document({ pageContent: doc.pageContent.toLowerCase(), metadata: doc.metadata }));
    return bm25Retriever(chunks, k);
  },
};
