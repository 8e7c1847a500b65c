/**
 * DOM for one streamed result on the demo page. Text only ever goes through `textContent`, so a
 * chunk that contains markup is shown, never run.
 */
import { bodyText } from '../../client/inline-plain';
import { markedText, previewOf } from '../shared/plain-words';
import type { SearchResult } from '../../client/index';
import { PLACED_AFTER_NEW_PAGE, placedAfterNewPage } from '../../client/score-order';

/** Creates an element with a class and optional text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The longest chunk text shown before "Show all" (characters). */
const PREVIEW = 320;

/**
 * `module › title › section`, skipping missing or repeated parts: the module as the book's sidebar
 * names it (`module_title`; its folder name from a server or collection without it), the chapter
 * slug only when there is no title, the section the highlight lies under (`highlight.section`, set
 * by the Worker when it is a later heading than the chunk's own).
 */
export function breadcrumb(result: SearchResult): string[] {
  const parts = [result.module_title ?? result.module, result.title ?? result.chapter, result.highlight?.section ?? result.section];
  const seen = new Set<string>();
  return parts.filter((part): part is string => Boolean(part) && !seen.has(part!) && Boolean(seen.add(part!)));
}

/** A link for absolute http(s) URLs; relative ones (index built without --base-url) as text. */
function sourceLink(url: string): HTMLElement {
  if (!/^https?:\/\//i.test(url)) {
    const text = el('span', '', url);
    text.title = 'Path on the book site (build the index with --base-url to make it a link)';
    return text;
  }
  const link = el('a', '', url);
  link.href = url;
  link.rel = 'noopener';
  link.target = '_blank';
  return link;
}

/**
 * One `<li>` for a result. The score bar's width is set by {@link scaleBars} once the list's best
 * score is known (fused and RRF scores are not on a 0–1 scale). `aboveScore`, the score of the
 * result shown just before it, lets a higher score below a lower one say why.
 */
export function renderResult(result: SearchResult, aboveScore?: number): HTMLLIElement {
  const item = el('li', 'result');
  item.dataset.score = String(result.score);
  const head = el('div', 'head');
  const bar = el('span', 'bar');
  bar.setAttribute('aria-hidden', 'true');
  bar.append(el('i'));
  head.append(el('span', 'rank', `#${result.rank}`), bar, el('span', 'score', `score ${result.score.toFixed(3)}${placedAfterNewPage(result, aboveScore) ? ` · ${PLACED_AFTER_NEW_PAGE}` : ''}`));

  const crumbs = el('nav', 'crumbs');
  crumbs.setAttribute('aria-label', 'Section');
  breadcrumb(result).forEach((part, index, all) => {
    if (index) crumbs.append(' › ');
    crumbs.append(index === all.length - 1 ? el('b', '', part) : part);
  });

  // The sentence that matches the question first, its words marked; the whole chunk one click away.
  const content = bodyText(result.content);
  const preview = previewOf(result, PREVIEW);
  const text = el('p', 'text');
  text.append(...markedText(preview.text, preview.terms));
  const parts: Node[] = [head, crumbs, text];
  if (preview.cut) {
    const more = el('details');
    more.append(el('summary', '', 'Show all'), el('p', 'text', content));
    more.addEventListener('toggle', () => void (text.hidden = more.open));
    parts.push(more);
  }
  const src = el('div', 'src');
  if (result.source) src.append(el('code', '', result.source));
  // The heading the highlight lies under, as the breadcrumb names it.
  const url = result.highlight?.section_url ?? result.section_url ?? result.source_url;
  if (url) src.append(sourceLink(url));
  parts.push(src);
  item.append(...parts);
  return item;
}

/** Sets every bar relative to the best score in the list (so the top result fills its bar). */
export function scaleBars(list: HTMLElement): void {
  const items = [...list.querySelectorAll<HTMLElement>('.result')];
  const best = Math.max(...items.map((item) => Number(item.dataset.score)), 0);
  for (const item of items) {
    const share = best > 0 ? Math.max(0, Number(item.dataset.score)) / best : 0;
    item.querySelector<HTMLElement>('.bar i')!.style.width = `${Math.round(share * 100)}%`;
  }
}
