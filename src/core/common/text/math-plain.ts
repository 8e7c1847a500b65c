/**
 * TeX math (`$…$`, `$$…$$`, as remark-math and KaTeX read it in a Docusaurus book) as a one-line
 * preview shows it: `$\sigma/\sqrt{n}$` reads "σ/√n", `$\bar{x}$` "x̄", `$R^2$` "R²". A preview is
 * plain text (no KaTeX in the demo page, the widget or a terminal), and a statistics book's
 * highlights were full of backslashes: "The quantity $\sigma/\sqrt{n}$ is the standard error".
 * Only what plain text can say is rewritten; anything else keeps its TeX, without the backslash.
 */

// Compact tables (they ship in every Worker): Greek letters in code-point order, then
// "name sign" pairs, then the characters scripts map to, position by position.
const GREEK = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho varsigma sigma tau upsilon phi chi psi omega'.split(' ');
const SYMBOLS: Record<string, string> = Object.fromEntries([
  ...GREEK.flatMap((name, i) => [[name, String.fromCharCode(0x3b1 + i)], [name[0]!.toUpperCase() + name.slice(1), String.fromCharCode(0x391 + i)]]),
  ...'varepsilon ε vartheta θ varphi φ times × cdot · pm ± mp ∓ div ÷ le ≤ leq ≤ ge ≥ geq ≥ ne ≠ neq ≠ approx ≈ sim ~ equiv ≡ propto ∝ infty ∞ sum Σ prod Π int ∫ partial ∂ to → rightarrow → leftarrow ← Rightarrow ⇒ iff ⇔ mid | vert | lvert | rvert | cap ∩ cup ∪ in ∈ notin ∉ subset ⊂ emptyset ∅ forall ∀ exists ∃ neg ¬ ldots … cdots … dots … circ ∘ prime ′ over / ast ∗ % % $ $ { { } } & & # # _ _'
    .split(' ')
    .flatMap((word, i, all) => (i % 2 ? [] : [[word, all[i + 1]!]])),
  // Spacing and sizing read as one space or nothing, as do font switches ("{\\bf x}" is x).
  ...'quad qquad , ; : \\ '.split(' ').map((name) => [name || ' ', ' ']),
  ...'! left right big Big displaystyle mathbf mathrm mathit bf rm it cal mathcal boldsymbol'.split(' ').map((name) => [name, '']),
]);
// A combining mark over the letter: x̄, p̂, x̃, v⃗.
const ACCENTS: Record<string, string> = { bar: '\u0304', overline: '\u0304', hat: '\u0302', widehat: '\u0302', tilde: '\u0303', vec: '\u20d7', dot: '\u0307' };
const scriptTable = (from: string, to: string): Record<string, string> => Object.fromEntries([...from].map((ch, i) => [ch, [...to][i]!]));
const SUPERSCRIPT = scriptTable('0123456789+-=()*′Tabcdefghijklmnoprstuvwxyz', '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾*′ᵀᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ');
const SUBSCRIPT = scriptTable('0123456789+-=()aehijklmnoprstuvx', '₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ');

// A `{…}` group, one level of nesting inside (`\frac{\bar{x}}{n}`); deeper ones are read inside out.
const GROUP = String.raw`\{((?:[^{}]|\{[^{}]*\})*)\}`;
const ARG = String.raw`(?:${GROUP}|\\?([A-Za-z0-9]))`;

// Compiled once: a highlight is read on every search.
const FRAC = new RegExp(String.raw`\\(?:d|t)?frac\s*${ARG}\s*${ARG}`, 'g');
const BINOM = new RegExp(String.raw`\\binom\s*${ARG}\s*${ARG}`, 'g');
const SQRT = new RegExp(String.raw`\\sqrt\s*${ARG}`, 'g');
const ACCENT = new RegExp(String.raw`\\(${Object.keys(ACCENTS).join('|')})\s*${ARG}`, 'g');
const SUPER = new RegExp(String.raw`\^\s*(?:${GROUP}|(\S))`, 'g');
const SUB = new RegExp(String.raw`_\s*(?:${GROUP}|(\S))`, 'g');

const DEGREES = /\^\s*(?:\{\s*∘\s*\}|∘)/g;
// A fraction's ends, marked while the span is read, so one that touches a letter, a number or another
// fraction is bracketed at the end: `\dfrac{dy}{du}\dfrac{du}{dx}` had read "dy/dudu/dx" and
// `\frac{1}{k}e^{kx}` "1/keᵏˣ"; they read "(dy/du)(du/dx)" and "(1/k)eᵏˣ".
const OPEN = '\u0001';
const CLOSE = '\u0002';
const TOUCHING = /[\p{L}\p{N})\u0002]$/u;
const TOUCHED = /^[\p{L}\p{N}(\u0001√]/u;
const MARKS = /([\u0001\u0002])/;

/**
 * `text` with its marked fractions bracketed where they touch what is beside them, the marks dropped.
 * One pass, each fraction read as its close mark is met, so innermost first (one inside another is
 * already in the outer one's parentheses) and the ones before it already read: a regex searched
 * again from the start after each fraction took quadratic time (2 s for a formula of 16 000
 * fractions), and a highlight is read on every search.
 */
function fractionsBracketed(text: string): string {
  if (!text.includes(OPEN)) return text;
  const parts = text.split(MARKS);
  // The text read so far, an open mark kept as its own piece until its fraction closes.
  const out: string[] = [];
  const opened: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '') continue;
    if (part === OPEN) {
      opened.push(out.length);
      out.push(OPEN);
    } else if (part === CLOSE && opened.length > 0) {
      const at = opened.pop()!;
      const fraction = out.splice(at + 1).join('');
      out.pop();
      // What touches it: the last character read before it (an outer fraction's open mark counts as
      // nothing), and the first not yet read (split leaves '' between two marks).
      const before = [...(out[out.length - 1] ?? '').slice(-2)].pop() ?? '';
      const after = parts[i + 1] || parts[i + 2] || '';
      out.push(TOUCHING.test(before) || TOUCHED.test(after) ? `(${fraction})` : fraction);
    } else out.push(part);
  }
  return out.join('');
}

/** A group or a single token's text, braces dropped. */
const arg = (group: string | undefined, token: string | undefined): string => (group ?? token ?? '').trim();
/** `a` in parentheses when it has more than one term ("(x − μ)/σ"), as a one-line fraction needs. */
const wrapped = (a: string): string => {
  let top = a;
  for (let inner = top.replace(/\([^()]*\)/g, ''); inner !== top; inner = top.replace(/\([^()]*\)/g, '')) top = inner;
  return /[\s+\-−±×·/=]/.test(top) ? `(${a})` : a;
};

/** A root's argument in parentheses unless it is one letter or number ("√n", but "√(np(1 − p))"). */
const rooted = (a: string): string => (/^(?:\p{L}\p{M}*|[\d.]+|\([^()]*\))$/u.test(a) ? a : `(${a})`);

/** `script` in super- or subscript characters when each has one, else `^(…)` / `_…` as written. */
function scripted(script: string, table: Record<string, string>, mark: string): string {
  const chars = [...script];
  if (chars.every((ch) => table[ch] !== undefined)) return chars.map((ch) => table[ch]).join('');
  // One letter with its accent ("x̄") needs no parentheses either.
  return script.replace(/\p{M}/gu, '').length === 1 ? `${mark}${script}` : `${mark}(${script})`;
}

/** The TeX of one math span as plain text. */
function texPlain(tex: string): string {
  // A word in `\text{…}` keeps a space from a command name before it: "\qquad\text{and}" had read
  // as the unknown command "qquadand".
  let text = tex.replace(/(\\[A-Za-z]+)?\\(?:text|mathrm|mathit|mathbf|mathsf|mathtt|operatorname|textbf|textit|boldsymbol|mathbb|mathcal)\s*\{([^{}]*)\}/g, (_m, command: string | undefined, word: string) => (command ? `${command} ${word}` : word));
  // Inside out: each pass reads the innermost commands, so `\sqrt{\frac{p(1-p)}{n}}` ends as √(p(1−p)/n).
  for (let pass = 0; pass < 4; pass++) {
    const before = text;
    text = text
      .replace(FRAC, (_m, g1, t1, g2, t2) => `${OPEN}${wrapped(texPlain(arg(g1, t1)))}/${wrapped(texPlain(arg(g2, t2)))}${CLOSE}`)
      .replace(BINOM, (_m, g1, t1, g2, t2) => `C(${texPlain(arg(g1, t1))}, ${texPlain(arg(g2, t2))})`)
      .replace(SQRT, (_m, g, t) => `√${rooted(texPlain(arg(g, t)))}`)
      .replace(ACCENT, (_m, name: string, g, t) => {
        const inner = texPlain(arg(g, t));
        return [...inner].length === 1 ? `${inner}${ACCENTS[name]}` : `${name}(${inner})`;
      });
    if (text === before) break;
  }
  text = text
    // A command's name stays when plain text has no sign for it ("\\cos v" reads "cos v"), apart from
    // the letter after it.
    .replace(/\\([A-Za-z]+|[^A-Za-z])(\s*\{?)(?=(\p{L})?)/gu, (whole, name: string, after: string, letter?: string) => {
      const sign = SYMBOLS[name];
      if (sign !== undefined) return `${sign}${after}`;
      return /^[A-Za-z]/.test(name) ? `${name}${letter || after.includes('{') ? ' ' : ''}${after}` : whole;
    })
    // A degree sign: "30^\\circ" read "30^∘".
    .replace(DEGREES, '°')
    .replace(SUPER, (_m, g, t) => scripted(arg(g, t), SUPERSCRIPT, '^'))
    .replace(SUB, (_m, g, t) => scripted(arg(g, t), SUBSCRIPT, '_'))
    .replace(/[{}]/g, '')
    // In math a hyphen is a minus sign: "1 − p".
    .replace(/-/g, '−')
    .replace(/\s+/g, ' ');
  return text.trim();
}

/**
 * `text` with each TeX math span read as plain text: `$$…$$`, then `$…$` as Pandoc finds inline math
 * (no space after the opening `$`, none before the closing one, no digit after it), so prices
 * ("between $5 and $10") stay as written; an escaped `\$` is a dollar sign.
 *
 * @example
 * mathPlain('The quantity $\\sigma/\\sqrt{n}$ is the standard error.'); // 'The quantity σ/√n is the standard error.'
 * mathPlain('It costs $5 and $10.'); // 'It costs $5 and $10.'
 */
export function mathPlain(text: string): string {
  if (!text.includes('$')) return text;
  return text
    .replace(/\$\$([^$]+?)\$\$/g, (_m, tex: string) => fractionsBracketed(texPlain(tex)))
    .replace(/(?<![\\$])\$(?![\s$])((?:[^$\\\n]|\\.)+?)(?<!\s)\$(?![\d$])/g, (_m, tex: string) => fractionsBracketed(texPlain(tex)))
    .replace(/\\\$/g, '$');
}
