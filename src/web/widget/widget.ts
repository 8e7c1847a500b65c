/**
 * `<edge-retriever-search endpoint="https://…">`: a search-as-you-ask panel for any page.
 * Typing (or setting `.query`) searches after a pause (`debounce`, ms); typing on aborts the
 * request in flight. The host page listens for `results` (every answer, with all chunks — what a
 * chat UI feeds its LLM), `select` (the reader picked one) and `error`. Shadow DOM keeps the host
 * page's CSS out; `--er-*` custom properties and `::part()` theme it.
 */
import { markedText, previewOf, readAsInWords } from '../shared/plain-words';
import { createClient, type SearchParams, type SearchResult, type SearchSummary } from '../../client/index';
import { WIDGET_CSS } from './widget-style';

const TAG = 'edge-retriever-search';

/** Reads a non-negative integer attribute. */
function intAttr(element: HTMLElement, name: string, fallback: number): number {
  const value = Number.parseInt(element.getAttribute(name) ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** The custom element. */
export class EdgeRetrieverSearch extends HTMLElement {
  #input: HTMLInputElement;
  #status: HTMLElement;
  #list: HTMLUListElement;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: AbortController | null = null;
  #results: SearchResult[] = [];
  #query = '';

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${WIDGET_CSS}</style><div class="root" part="panel"><label class="sr" for="q">Search</label><input id="q" part="input" type="search" autocomplete="off" enterkeyhint="search"><span class="status" part="status" role="status" aria-live="polite"></span><ul part="results" aria-label="Results"></ul></div>`;
    this.#input = root.querySelector('input')!;
    this.#status = root.querySelector('.status')!;
    this.#list = root.querySelector('ul')!;
    this.#input.addEventListener('input', () => this.#schedule(this.#input.value));
    this.#input.addEventListener('keydown', (event) => this.#onInputKey(event));
    this.#list.addEventListener('keydown', (event) => this.#onListKey(event));
  }

  connectedCallback(): void {
    this.#input.placeholder = this.getAttribute('placeholder') ?? 'Ask a question…';
    this.#input.setAttribute('aria-label', this.getAttribute('label') ?? 'Search the book');
  }

  disconnectedCallback(): void {
    clearTimeout(this.#timer);
    this.#running?.abort();
  }

  /** The latest results (empty until an answer arrives). */
  get results(): SearchResult[] {
    return [...this.#results];
  }

  /** The text being searched; setting it searches after the debounce, as typing does. */
  get query(): string {
    return this.#query;
  }

  set query(text: string) {
    this.#input.value = text;
    this.#schedule(text);
  }

  /** Searches `text` now (no debounce), aborting any request in flight; the input shows `text`. */
  search(text: string = this.#input.value): Promise<void> {
    clearTimeout(this.#timer);
    this.#input.value = text;
    return this.#run(text.trim());
  }

  #schedule(text: string): void {
    clearTimeout(this.#timer);
    // The answer to what the reader typed before is stale now: stop downloading it.
    this.#running?.abort();
    this.#running = null;
    const trimmed = text.trim();
    if (trimmed.length < intAttr(this, 'min-chars', 3)) {
      this.#query = trimmed;
      // A chat UI that took the last chunks as its context must hear that they are gone.
      const shown = this.#results.length > 0;
      this.#show([], '');
      if (shown) this.#emit('results', { query: trimmed, results: [], summary: null });
      return;
    }
    this.#timer = setTimeout(() => void this.#run(trimmed), intAttr(this, 'debounce', 250));
  }

  async #run(text: string): Promise<void> {
    this.#running?.abort();
    this.#query = text;
    if (!text) return;
    const controller = new AbortController();
    this.#running = controller;
    const key = this.getAttribute('key');
    const client = createClient({ baseUrl: this.getAttribute('endpoint') ?? location.origin, headers: key ? { authorization: `Bearer ${key}` } : {} });
    const query: Record<string, string | number> = { q: text, k: intAttr(this, 'k', 5) || 5 };
    for (const name of ['mode', 'module', 'rerank'] as const) {
      const value = this.getAttribute(name);
      if (value) query[name] = value;
    }
    const results: SearchResult[] = [];
    let summary: SearchSummary | null = null;
    this.#status.textContent = 'Searching…';
    this.#status.classList.remove('error');
    try {
      for await (const event of client.searchStream(query as SearchParams, { signal: controller.signal })) {
        if (event.type === 'result') {
          const { type: _type, ...result } = event;
          results.push(result);
        } else if (event.type === 'summary') summary = event.summary;
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure = error as Error & { code?: string; status?: number };
      this.#show([], failure.message, true);
      this.#emit('error', { query: text, code: failure.code ?? 'network_error', message: failure.message, status: failure.status ?? 0 });
      return;
    }
    if (controller.signal.aborted) return;
    this.#running = null;
    const done = summary as SearchSummary | null;
    const low = done?.confidence?.low_confidence ? ' · low confidence: the book may not answer this' : '';
    const readAs = done ? readAsInWords(done) : '';
    const count = `${results.length} passage${results.length === 1 ? '' : 's'}${low}${readAs ? ` · ${readAs}` : ''}`;
    this.#show(results, results.length ? count : (done?.message ?? 'No passages found'));
    this.#emit('results', { query: text, results, summary: done });
  }

  #show(results: SearchResult[], status: string, isError = false): void {
    this.#results = results;
    this.#status.textContent = status;
    this.#status.classList.toggle('error', isError);
    this.#list.replaceChildren(
      ...results.map((result, index) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.setAttribute('part', 'result');
        // A chunk under the page's H1 has that title as its section too: said once.
        const where = [...new Set([result.title, result.highlight?.section ?? result.section].filter(Boolean))].join(' › ') || result.source || `#${result.rank}`;
        // The sentence that matches the question, its words marked (else the start of the text).
        const preview = previewOf(result, 180);
        for (const [className, nodes] of [['where', [where]], ['text', markedText(preview.text, preview.terms)], ['src', [result.source ?? result.source_url ?? '']]] as const) {
          const span = document.createElement('span');
          span.className = className;
          span.append(...nodes);
          button.append(span);
        }
        button.addEventListener('click', () => this.#emit('select', { query: this.#query, result, index }));
        item.append(button);
        return item;
      }),
    );
  }

  #emit(type: 'results' | 'select' | 'error', detail: object): void {
    // Fired on the element, not bubbling: an `error` reaching window would be read by the page's
    // window.onerror (and error trackers) as a script error, and `select` is a native event name.
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  #onInputKey(event: KeyboardEvent): void {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      this.#list.querySelector('button')?.focus();
    } else if (event.key === 'Enter') {
      void this.search();
    }
  }

  #onListKey(event: KeyboardEvent): void {
    const buttons = [...this.#list.querySelectorAll('button')];
    const at = buttons.indexOf(this.shadowRoot!.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = at + (event.key === 'ArrowDown' ? 1 : -1);
      (next < 0 ? this.#input : buttons[Math.min(next, buttons.length - 1)])?.focus();
    } else if (event.key === 'Escape') {
      this.#input.focus();
    }
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, EdgeRetrieverSearch);

declare global {
  interface HTMLElementTagNameMap {
    [TAG]: EdgeRetrieverSearch;
  }
}
