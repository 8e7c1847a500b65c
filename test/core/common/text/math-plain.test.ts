/**
 * TeX math in highlights: a statistics book's, read as plain text ("σ/√n", not
 * "$\sigma/\sqrt{n}$"), while prices, escaped dollars and code stay as the book writes them.
 */
import { describe, expect, it } from 'vitest';
import { mathPlain } from '../../../../src/core/common/text/math-plain';
import { highlightPassage } from '../../../../src/core/query/search/highlight';
import { questionWeights } from '../../../../src/core/query/search/question-weights';

describe('mathPlain', () => {
  it('reads Greek letters, roots, fractions, accents and scripts as a reader writes them', () => {
    expect(mathPlain('The quantity $\\sigma/\\sqrt{n}$ is the standard error; when $\\sigma$ is unknown use $s/\\sqrt{n}$.')).toBe('The quantity σ/√n is the standard error; when σ is unknown use s/√n.');
    expect(mathPlain('$z = \\frac{x - \\mu}{\\sigma}$')).toBe('z = (x − μ)/σ');
    expect(mathPlain('standard deviation $\\sqrt{np(1-p)}$')).toBe('standard deviation √(np(1−p))');
    expect(mathPlain('$\\text{IQR} = Q_3 - Q_1$ and $R^2$ and $\\chi^2$')).toBe('IQR = Q₃ − Q₁ and R² and χ²');
    expect(mathPlain('$\\bar{x} \\pm t^*_{n-1}\\,\\frac{s}{\\sqrt{n}}$')).toBe('x̄ ± t*ₙ₋₁ s/√n');
    expect(mathPlain('$P(A \\mid B) = \\frac{P(A \\cap B)}{P(B)}$')).toBe('P(A | B) = P(A ∩ B)/P(B)');
    expect(mathPlain('$\\binom{10}{3} = 120$, $\\hat{p} \\ge 0.5$, $e^{-\\lambda}$')).toBe('C(10, 3) = 120, p̂ ≥ 0.5, e^(−λ)');
    // A display formula, as a highlight collapses it onto one line.
    // A function's name keeps its space, an old-style font switch is left out.
    expect(mathPlain('$\\cos{v}$, $\\log(V/V_0)$, ${\\cal F}[f]$, ${\\mathbf S}$')).toBe('cos v, log(V/V₀), F[f], S');
    expect(mathPlain('$$ \\mu_{\\bar{x}} = \\mu, \\qquad \\sigma_{\\bar{x}} = \\frac{\\sigma}{\\sqrt{n}} $$')).toBe('μ_x̄ = μ, σ_x̄ = σ/√n');
  });

  it('brackets a fraction that touches a letter, a number or another fraction, and reads degrees and words after spacing', () => {
    expect(mathPlain('$\\dfrac{dy}{dx} = \\dfrac{dy}{du}\\dfrac{du}{dx}$')).toBe('dy/dx = (dy/du)(du/dx)');
    expect(mathPlain('$\\frac{1}{k}e^{kx} + C$ and $\\dfrac{d}{dx}f(x)$ and $\\frac{4}{3}\\pi r^3$')).toBe('(1/k)eᵏˣ + C and (d/dx)f(x) and (4/3)π r³');
    // A fraction with space or an operator beside it stays bare, and one inside another is bracketed once.
    expect(mathPlain('$\\int \\frac{1}{x}\\,dx$ and $\\frac{\\frac{a}{b}}{c}$')).toBe('∫ 1/x dx and (a/b)/c');
    expect(mathPlain('$\\sin 30^\\circ = 0.5$ and $90^{\\circ}$')).toBe('sin 30° = 0.5 and 90°');
    expect(mathPlain('$a = 1 \\qquad\\text{and}\\qquad b = 2$')).toBe('a = 1 and b = 2');
  });

  it('leaves prices, escaped dollars and text without math as written', () => {
    expect(mathPlain('It costs $5 and $10 a month.')).toBe('It costs $5 and $10 a month.');
    expect(mathPlain('You pay \\$2 to roll and win \\$10 on a six.')).toBe('You pay $2 to roll and win $10 on a six.');
    expect(mathPlain('No math here, only a-b and x_1.')).toBe('No math here, only a-b and x_1.');
  });

  it('holds a display formula whole when its own full stop ends the sentence', () => {
    const content = '## Antiderivatives\n\nSo we write the indefinite integral\n\n$$\n\\int f(x)\\,dx = F(x) + C .\n$$\n\nThe constant matters.';
    const h = highlightPassage(content, questionWeights('why add plus C'))!;
    expect(h.text).toBe('∫ f(x) dx = F(x) + C .');
    expect(content.slice(h.start, h.end)).toBe('$$\n\\int f(x)\\,dx = F(x) + C .\n$$');
  });

  it('is how a highlight reads: its math as plain text, its words still marked, code left alone', () => {
    const content = '## The mean and spread\n\nThe quantity $\\sigma/\\sqrt{n}$ is the **standard error** of the mean; when $\\sigma$ is unknown we estimate it by $s/\\sqrt{n}$.';
    const h = highlightPassage(content, questionWeights('what is the standard error'))!;
    expect(h.text).toBe('The quantity σ/√n is the **standard error** of the mean; when σ is unknown we estimate it by s/√n.');
    expect(h.terms).toEqual(['standard', 'error']);
    expect(content.slice(h.start, h.end)).toContain('$\\sigma/\\sqrt{n}$'); // the offsets still point at the book's text
    const code = '```sh\necho "$HOME/$USER"\n```';
    expect(highlightPassage(code, questionWeights('echo home'))!.text).toBe('echo "$HOME/$USER"');
  });
});
