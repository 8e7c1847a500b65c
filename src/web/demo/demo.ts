/**
 * The demo page's behaviour: read the form, stream one search at a time (a new search aborts the
 * previous one), render each result as it arrives, then the confidence and warnings in words.
 * The form state lives in the address (`/?q=…&mode=…`) so a search can be shared or reloaded.
 */
import { createClient, type SearchParams, type SearchStreamEvent } from '../../client/index';
import { confidenceInWords, countInWords, looksOffTopic, readAsInWords, warningsInWords } from '../shared/plain-words';
import { el, renderResult, scaleBars } from './render-result';

const form = document.querySelector<HTMLFormElement>('#search')!;
const status = document.querySelector<HTMLElement>('#status')!;
const notes = document.querySelector<HTMLElement>('#notes')!;
const list = document.querySelector<HTMLOListElement>('#results')!;
const modules = document.querySelector<HTMLDataListElement>('#modules')!;
/** Form fields sent as search parameters (the key goes in a header instead). */
const PARAMS = ['q', 'mode', 'k', 'module', 'rerank'] as const;

/**
 * Warnings that doubt the answer itself (the book probably does not cover the question): the
 * Worker's ANSWER_WARNINGS (core/query/search/context-format.ts), which the page, bundled from
 * src/web and src/client only, cannot import.
 */
const DOUBTS = new Set(['no_match', 'low_confidence']);

let running: AbortController | null = null;

function field(name: string): HTMLInputElement | HTMLSelectElement {
  return form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
}

function setStatus(text: string, isError = false): void {
  status.textContent = text;
  status.classList.toggle('error', isError);
}

function note(text: string, className = ''): void {
  // The reader's own words quoted in a note ("The book never mentions "موضوع", …") are isolated, so
  // a right-to-left word keeps its quotes and commas in place inside the English sentence.
  const item = el('li', className);
  const parts = text.split(/("[^"]*")/);
  item.append(...parts.map((part, i) => (i % 2 === 1 ? bdi(part.slice(1, -1)) : document.createTextNode(part))));
  notes.append(item);
}

function bdi(word: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append('"', el('bdi', '', word), '"');
  return fragment;
}

/** Offers a module seen in the results to the filter: the folder name is what it takes, the sidebar label says which part it is. */
function rememberModule(name: string | null, title: string | null | undefined): void {
  if (name && ![...modules.options].some((option) => option.value === name)) modules.append(new Option(title ?? name, name));
}

function onEvent(event: SearchStreamEvent): void {
  if (event.type === 'result') {
    const above = list.lastElementChild as HTMLElement | null;
    list.append(renderResult(event, above ? Number(above.dataset.score) : undefined));
    scaleBars(list);
    rememberModule(event.module, event.module_title);
    setStatus(`Receiving… ${list.children.length} so far`);
  } else if (event.type === 'summary') {
    const { summary, timing } = event;
    // Passages the Worker doubts are said to be off-topic once, in one note with the Worker's reason;
    // the rating and the same warning would only say it twice more.
    const offTopic = summary.returned > 0 && looksOffTopic(summary);
    setStatus(`${countInWords(summary.returned, timing.total_ms)}${offTopic ? '' : ` ${confidenceInWords(summary)}`}`);
    const readAs = readAsInWords(summary);
    if (readAs) note(readAs);
    const warnings = summary.warnings ?? [];
    const doubts = offTopic ? warnings.filter((w) => DOUBTS.has(w.code)) : [];
    if (summary.returned === 0) note(`Nothing found${summary.message ? `: ${summary.message.replace(/\.?$/, '.')}` : '.'} Try other words, another mode or no module filter.`, 'empty');
    else if (offTopic) note(`${doubts.map((w) => w.message).join(' ') || 'This question looks off-topic for this book.'} The passages below are the closest it has, not an answer.`, 'empty');
    // Advice on variety is not a doubt about the answer: in a textbook the top passages often share
    // the page that teaches the topic, so it is a muted hint, not a warning.
    const rest = warnings.filter((w) => !doubts.includes(w));
    warningsInWords({ ...summary, warnings: rest }).forEach((warning, i) => note(warning, rest[i]?.code === 'low_diversity' ? 'hint' : ''));
  }
}

async function run(): Promise<void> {
  running?.abort();
  const controller = new AbortController();
  running = controller;
  const query: Record<string, string> = {};
  for (const name of PARAMS) {
    const value = field(name).value.trim();
    if (value && !(name === 'rerank' && value === 'none')) query[name] = value;
  }
  // Each new question is a step of the page's history, so Back returns to the one before.
  const address = `?${new URLSearchParams(query)}`;
  if (address !== location.search) history.pushState(null, '', address);
  list.replaceChildren();
  notes.replaceChildren();
  setStatus('Searching…');
  list.setAttribute('aria-busy', 'true');
  const key = field('key').value.trim();
  const client = createClient({ baseUrl: location.origin, headers: key ? { authorization: `Bearer ${key}` } : {} });
  try {
    for await (const event of client.searchStream(query as SearchParams, { signal: controller.signal })) onEvent(event);
  } catch (error) {
    if (controller.signal.aborted) return;
    const failure = error as Error & { code?: string };
    setStatus(`Search failed: ${failure.message}${failure.code ? ` (${failure.code})` : ''}`, true);
  } finally {
    if (running === controller) list.removeAttribute('aria-busy');
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void run();
});

/** The fields as the address says; a k outside the field's range is brought into it (the form would refuse it). */
function fillFromAddress(): URLSearchParams {
  const params = new URLSearchParams(location.search);
  for (const name of PARAMS) {
    const value = params.get(name);
    const input = field(name);
    if (name === 'k' && value !== null && input instanceof HTMLInputElement && Number.isFinite(Number(value))) {
      input.value = String(Math.min(Number(input.max), Math.max(Number(input.min), Math.trunc(Number(value)))));
    } else input.value = value ?? defaultOf(input);
  }
  return params;
}

/** What a field holds before anyone touches it. */
function defaultOf(input: HTMLInputElement | HTMLSelectElement): string {
  if (input instanceof HTMLInputElement) return input.defaultValue;
  return Array.from(input.options).find((option) => option.defaultSelected)?.value ?? input.options[0]?.value ?? '';
}

// Back and Forward show the question of that step again.
window.addEventListener('popstate', () => {
  if (fillFromAddress().get('q')) void run();
  else {
    running?.abort();
    list.replaceChildren();
    notes.replaceChildren();
    setStatus('');
  }
});

// A shared or reloaded address runs its search straight away.
const initial = fillFromAddress();
const snippet = document.querySelector('#snippet');
if (snippet) snippet.textContent = `<script src="${location.origin}/widget.js" defer></script> <edge-retriever-search endpoint="${location.origin}"></edge-retriever-search>`;
if (initial.get('q')) void run();
