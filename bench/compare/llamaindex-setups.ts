/**
 * LlamaIndex.TS has no retriever that runs without a model: VectorStoreIndex needs
 * `Settings.embedModel`; KeywordTableIndex builds its table by asking `Settings.llm` for each
 * node's keywords, its default storage context builds a SimpleVectorStore that reads
 * `Settings.embedModel`, and even its regex (SIMPLE) retriever reads `Settings.llm` when built;
 * SummaryIndex's default retriever returns every node unranked; no BM25 retriever is published for
 * TypeScript. So what is measured of it here is its chunkers — the default node parser and the
 * markdown one — feeding LangChain's BM25Retriever, and named so (`li-…+lc-bm25`).
 */
import { Document as LangChainDocument } from '@langchain/core/documents';
import { Document, MarkdownNodeParser, MetadataMode, Settings, type TextNode } from 'llamaindex';
import { bm25Retriever } from './langchain-setups';
import type { BookPage, RetrieverSetup } from './retriever-setup';

/** Each page as a LlamaIndex Document, its path in `metadata.file_path` as SimpleDirectoryReader puts it. */
export function pageNodes(pages: readonly BookPage[]): Document[] {
  return pages.map((page) => new Document({ text: page.text, metadata: { file_path: page.path } }));
}

/** Nodes as LangChain Documents: the node's own text (no metadata header), its page in `metadata.source`. */
export function asLangChain(nodes: readonly TextNode[]): LangChainDocument[] {
  return nodes.map((node) => new LangChainDocument({ pageContent: node.getContent(MetadataMode.NONE), metadata: { source: String(node.metadata.file_path) } }));
}

/**
 * `Settings.nodeParser` untouched: a SentenceSplitter of 1024 tokens (cl100k, bundled with
 * js-tiktoken, so nothing is downloaded) with 200 overlapping, the chunker every LlamaIndex index
 * uses unless told otherwise.
 */
export const llamaindexSentenceBm25: RetrieverSetup = {
  name: 'li-sentence+lc-bm25',
  summary: 'LlamaIndex default node parser (SentenceSplitter, chunkSize 1024, chunkOverlap 200 tokens) + LangChain BM25Retriever',
  build: async (pages, k) => bm25Retriever(asLangChain(await Settings.nodeParser.getNodesFromDocuments(pageNodes(pages))), k),
};

/** MarkdownNodeParser: a node per heading's section (heading text kept), with no size limit. */
export const llamaindexMarkdownBm25: RetrieverSetup = {
  name: 'li-markdown+lc-bm25',
  summary: 'LlamaIndex MarkdownNodeParser (one node per heading section, no size limit) + LangChain BM25Retriever',
  build: async (pages, k) => bm25Retriever(asLangChain(await new MarkdownNodeParser().getNodesFromDocuments(pageNodes(pages))), k),
};
