/**
 * A reader's unit names against a book's unit symbols: the reader asks "how many grams of protein",
 * "milligrams per kilogram", "degrees Celsius", "what percentage"; the book writes "1.6 g/kg", "mg/kg", "20 °C", "85 %". The
 * name was a word the book never uses: it earned nothing in BM25, lowered the term rule's coverage
 * (an answerable question could be flagged) and `--gaps` listed it. At ingest, each chunk that
 * writes a symbol as a unit is indexed with the unit's names too (document side, as the British ↔
 * American spellings: the embedded index and Qdrant compute the same vectors and the same recorded
 * vocabulary, and no query is rewritten), but only for a unit the book never names: a book that
 * writes "grams" is found by it already, and its "g" may be something else.
 *
 * A symbol is read as a unit only where a unit stands: after a number ("5 kg", "5kg", "a 5-kg bag",
 * "1.6 g/kg"), or as a quotient of two units ("mg/kg"), or after a degree sign ("°C"); never in a
 * formula ("r^2 g(r)"). A single letter ("g", "m", "s", "V") is as often a variable or a name: it
 * counts only set apart from its number ("5 g", not "1990s", "5G" or "3D") or in a quotient with
 * another unit ("10m/s"). Symbols that are English words after a number ("in" of "3 in 10", "A" of
 * "Step 2 A") are not in the table.
 */
import { stemWord, tokenizeWords } from '../../common/bm25/index';

/** One unit: the names a reader types for it (British and American; one form per stem suffices). */
interface UnitKind {
  names: readonly string[];
}

const UNITS = {
  gram: { names: ['gram'] },
  kilogram: { names: ['kilogram', 'kilo'] },
  milligram: { names: ['milligram'] },
  microgram: { names: ['microgram'] },
  litre: { names: ['litre', 'liter'] },
  millilitre: { names: ['millilitre', 'milliliter'] },
  centilitre: { names: ['centilitre', 'centiliter'] },
  decilitre: { names: ['decilitre', 'deciliter'] },
  metre: { names: ['metre', 'meter'] },
  kilometre: { names: ['kilometre', 'kilometer'] },
  centimetre: { names: ['centimetre', 'centimeter'] },
  millimetre: { names: ['millimetre', 'millimeter'] },
  micrometre: { names: ['micrometre', 'micrometer', 'micron'] },
  nanometre: { names: ['nanometre', 'nanometer'] },
  mile: { names: ['mile'] },
  yard: { names: ['yard'] },
  foot: { names: ['foot', 'feet'] },
  second: { names: ['second'] },
  millisecond: { names: ['millisecond'] },
  minute: { names: ['minute'] },
  hour: { names: ['hour'] },
  pound: { names: ['pound'] },
  ounce: { names: ['ounce'] },
  tablespoon: { names: ['tablespoon'] },
  teaspoon: { names: ['teaspoon'] },
  calorie: { names: ['calorie'] },
  degree: { names: ['degree'] },
  celsius: { names: ['celsius'] },
  fahrenheit: { names: ['fahrenheit'] },
  kelvin: { names: ['kelvin'] },
  volt: { names: ['volt'] },
  millivolt: { names: ['millivolt'] },
  watt: { names: ['watt'] },
  kilowatt: { names: ['kilowatt'] },
  milliamp: { names: ['milliamp', 'milliampere'] },
  hertz: { names: ['hertz'] },
  kilohertz: { names: ['kilohertz'] },
  megahertz: { names: ['megahertz'] },
  gigahertz: { names: ['gigahertz'] },
  kilobyte: { names: ['kilobyte'] },
  megabyte: { names: ['megabyte'] },
  gigabyte: { names: ['gigabyte'] },
  terabyte: { names: ['terabyte'] },
  // The reader's "how many percent" and "what percentage" against the book's "13.5 %" or "75%":
  // two stems ("percent", "percentag"), and two units, so that a book that says one of the words
  // (a glossary's "the percentage of …") still gets the other beside its signs.
  percent: { names: ['percent'] },
  percentage: { names: ['percentage'] },
  // Not a unit: the reader's "per" of "grams per kilogram", which a book writes as the slash of "g/kg".
  per: { names: ['per'] },
} as const satisfies Record<string, UnitKind>;

type Unit = keyof typeof UNITS;

/**
 * Units written as a sign ("%", "°", "°C", "℉"), not letters: a letter symbol ("g", "m") may be a
 * variable or a name, which is why a unit the book names is otherwise left unnamed beside it.
 */
const SIGN_UNITS: ReadonlySet<Unit> = new Set<Unit>(['percent', 'percentage', 'degree', 'celsius', 'fahrenheit']);

/**
 * Symbols as books write them, case kept: "mL" and "ml" are millilitres, but "Mb" (megabit) is no
 * megabyte and "K" no "k" (thousand). A compound symbol names each unit it holds ("mph": mile, hour).
 */
const SYMBOLS: Readonly<Record<string, readonly Unit[]>> = {
  g: ['gram'], kg: ['kilogram'], kgs: ['kilogram'], mg: ['milligram'], mcg: ['microgram'], μg: ['microgram'], ug: ['microgram'],
  l: ['litre'], L: ['litre'], ml: ['millilitre'], mL: ['millilitre'], cl: ['centilitre'], cL: ['centilitre'], dl: ['decilitre'], dL: ['decilitre'],
  m: ['metre'], km: ['kilometre'], cm: ['centimetre'], mm: ['millimetre'], μm: ['micrometre'], nm: ['nanometre'],
  mi: ['mile'], yd: ['yard'], yds: ['yard'], ft: ['foot'],
  s: ['second'], sec: ['second'], secs: ['second'], ms: ['millisecond'], min: ['minute'], mins: ['minute'], h: ['hour'], hr: ['hour'], hrs: ['hour'],
  mph: ['mile', 'per', 'hour'], kph: ['kilometre', 'per', 'hour'],
  lb: ['pound'], lbs: ['pound'], oz: ['ounce'], tbsp: ['tablespoon'], Tbsp: ['tablespoon'], tsp: ['teaspoon'], kcal: ['calorie'], cal: ['calorie'],
  K: ['kelvin'], V: ['volt'], mV: ['millivolt'], W: ['watt'], kW: ['kilowatt'], kWh: ['kilowatt', 'hour'], mA: ['milliamp'],
  Hz: ['hertz'], kHz: ['kilohertz'], MHz: ['megahertz'], GHz: ['gigahertz'],
  KB: ['kilobyte'], kB: ['kilobyte'], MB: ['megabyte'], GB: ['gigabyte'], TB: ['terabyte'],
};

// A number not inside a word or another number ("CO2 g" is no "2 g") nor a formula's exponent or
// index ("r^2 g(r)"), then at most one space (any width) or a hyphen ("a 5-kg bag"), then a
// degree sign, a percent sign or a symbol, optionally over a second one ("g/kg", "km/h"), squared or cubed ("m²")
// but not a formula's function or indexed variable ("1.2 h_n", "2 m(m+1)").
const NUMBER_UNIT = /(?<![\p{L}\p{N}.,^_\\])\d+(?:[.,]\d+)?([ \u00a0\u2009\u202f-]?)(℃|℉|°[ \u00a0]?[CF]?(?![\p{L}\p{N}])|[%％]|[\p{L}]+)(?:\/([\p{L}]+))?(?=[²³]|(?![\p{L}\p{N}_(^{]))/gu;
// A quotient of two symbols with no number before it: "dose in mg/kg", "speed in km/h".
const QUOTIENT = /(?<![\p{L}\p{N}/])([\p{L}]+)\/([\p{L}]+)(?![\p{L}\p{N}/])/gu;
// A temperature scale after a degree sign with no number: "temperatures in °C".
const DEGREE_SCALE = /[℃℉]|°[ \u00a0]?[CF](?![\p{L}\p{N}])/gu;

/** The units a symbol names, as written ("µ", the micro sign, is read as the Greek mu, as NFKC does). */
const unitsOf = (symbol: string | undefined): readonly Unit[] => (symbol ? (SYMBOLS[symbol.replace(/µ/g, 'μ')] ?? []) : []);

/** The units of a degree sign, with its scale if it has one. */
function degreeUnits(sign: string): Unit[] {
  if (sign === '℃' || sign.endsWith('C')) return ['degree', 'celsius'];
  if (sign === '℉' || sign.endsWith('F')) return ['degree', 'fahrenheit'];
  return ['degree'];
}

/**
 * The units `text` writes as symbols where a unit stands (see the file comment), with the symbols'
 * own words (lowercased, as tokenized) per unit.
 *
 * @example
 * unitsWritten('Eat 1.6 g/kg of protein'); // Map { 'gram' => ['g'], 'per' => [], 'kilogram' => ['kg'] }
 * unitsWritten('the 1990s and 5G'); // Map {}
 */
export function unitsWritten(text: string): Map<Unit, string[]> {
  const found = new Map<Unit, string[]>();
  const add = (units: readonly Unit[], symbol: string | null) => {
    for (const unit of units) {
      const list = found.get(unit) ?? [];
      // "per" is taught no symbol: the slash is no word, and "kg" is no "per".
      const word = symbol === null || unit === 'per' ? null : tokenizeWords(symbol)[0];
      if (word && !list.includes(word)) list.push(word);
      found.set(unit, list);
    }
  };
  for (const [, space, symbol, over] of text.normalize('NFC').matchAll(NUMBER_UNIT)) {
    if (/^[℃℉°]/.test(symbol!)) {
      add(degreeUnits(symbol!), null);
      continue;
    }
    // The sign is no word, so it is taught to the LSA model as no symbol (as a degree sign).
    if (/^[%％]$/.test(symbol!)) {
      add(['percent', 'percentage'], null);
      continue;
    }
    const first = unitsOf(symbol);
    const second = unitsOf(over);
    if (second.length > 0 && first.length > 0) {
      // A quotient of units ("1.6 g/kg", "10m/s"): a unit even as a single letter.
      add(first, symbol!);
      add(['per', ...second], over!);
      continue;
    }
    // A single letter glued to its number ("5G", "3D", "1990s") or over a word ("2 W/O") is as
    // often a name: a unit only set apart, alone. A longer symbol over a word is one ("5 kg/day").
    if (symbol!.length === 1 && (!space || over !== undefined)) continue;
    add(first, symbol!);
  }
  for (const [, top, bottom] of text.matchAll(QUOTIENT)) {
    const first = unitsOf(top);
    const second = unitsOf(bottom);
    // Two single letters over each other are as often an abbreviation ("h/w", "s/he"): not a unit.
    if (first.length === 0 || second.length === 0 || (top!.length === 1 && bottom!.length === 1)) continue;
    add(first, top!);
    add(['per', ...second], bottom!);
  }
  for (const [sign] of text.matchAll(DEGREE_SCALE)) add(degreeUnits(sign), null);
  return found;
}

/** What {@link unitNames} returns, per text and for the LSA model. */
export interface UnitNames {
  /** Per text, the unit names to index with it. */
  names: string[][];
  /** A name's stem → the stems of the book's symbols it stands for (taught to the LSA model as aliases). */
  aliases: Map<string, string[]>;
}

/**
 * The names of the units each text writes as symbols, for the units the book (all `texts`) never
 * names, and always for a sign ("%", "°C"): a reader's "grams" then finds the book's "1.6 g".
 *
 * @example
 * unitNames(['Eat 1.6 g/kg of protein.', 'Rest 3 min.']).names; // [['gram', 'per', 'kilogram', 'kilo'], ['minute']]
 * unitNames(['Eat 1.6 g of protein.', 'Two grams more.']).names; // [[], []]: the book names grams
 */
export function unitNames(texts: readonly string[]): UnitNames {
  const written = texts.map(unitsWritten);
  const used = new Set<Unit>(written.flatMap((units) => [...units.keys()]));
  if (used.size === 0) return { names: texts.map(() => []), aliases: new Map() };
  // Each word once: stemming a whole book's running text would repeat the work per occurrence.
  const bookStems = new Set([...new Set(texts.flatMap(tokenizeWords))].map(stemWord));
  // A sign is never something else, so its names are added even where the book spells them
  // elsewhere: a glossary's one "in percent" left every "80 %" of the book unmatched by "percent".
  const unnamed = new Set(
    [...used].filter((unit) => SIGN_UNITS.has(unit) || !UNITS[unit].names.some((name) => bookStems.has(stemWord(name)))),
  );
  const aliases = new Map<string, string[]>();
  const names = written.map((units) => {
    const out: string[] = [];
    for (const [unit, symbols] of units) {
      if (!unnamed.has(unit)) continue;
      for (const name of UNITS[unit].names) {
        out.push(name);
        const list = aliases.get(stemWord(name)) ?? [];
        for (const symbol of symbols) if (!list.includes(stemWord(symbol))) list.push(stemWord(symbol));
        if (list.length) aliases.set(stemWord(name), list);
      }
    }
    return out;
  });
  return { names, aliases };
}
