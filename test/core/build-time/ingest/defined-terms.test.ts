import { describe, expect, it } from 'vitest';
import { definedTerms, headingTerms } from '../../../../src/core/build-time/ingest/defined-terms';

describe('definedTerms (what a chunk defines)', () => {
  it("heading terms: the chunk's own heading, not the page title", () => {
    expect(headingTerms('Gaskets and seals', 'Pump maintenance')).toEqual(['gasket', 'seal']);
    expect(headingTerms('Pump maintenance', 'Pump maintenance')).toEqual([]);
    expect(headingTerms(null, 'Pump maintenance')).toEqual([]);
    expect(definedTerms('## Gaskets and seals\n\nThey wear out.')).toEqual([]);
  });

  it('finds a bold or italic term in a defining sentence', () => {
    expect(definedTerms('A **valve** is a device that regulates flow.')).toEqual(['valv']);
    expect(definedTerms('The outer ring is called the *stator*, and it never moves.')).toEqual(['stator']);
    expect(definedTerms('Its **impeller** (the rotating part) is made of bronze.')).toEqual(['impel']);
  });

  it('defines no indefinite pronoun: "Anything below A is a reason to call" names no term', () => {
    expect(definedTerms('| A | Alert |\n\nAnything below A is a reason to call for an ambulance.')).toEqual([]);
    expect(definedTerms('Everything in the kit is a sterile item.')).toEqual([]);
    // A term that only starts like one is still a term.
    expect(definedTerms('Nothingness is a theme of the novel.')).toEqual(['nothing']);
  });

  it('finds the copula past an aside set off by a pair of dashes, and not past a sentence end', () => {
    expect(definedTerms('The **impeller** — the rotating part, cast in bronze — is the heart of the pump.')).toEqual(['impel']);
    expect(definedTerms('The **impeller**–the rotating part–is cast in bronze.')).toEqual(['impel']);
    // One dash, or a dash pair across a full stop, sets off no aside.
    expect(definedTerms('Turn the **impeller** — slowly. It is fragile — is it not?')).toEqual([]);
    expect(definedTerms('Turn the **impeller** — it is fragile.')).toEqual([]);
  });

  it('reads a bold name with its abbreviation in brackets as both, and a term glossed by "an …" after a comma', () => {
    expect(definedTerms('Pumps follow the **Net Positive Suction Head (NPSH)**, a margin against boiling.')).toEqual(['net posit suction head', 'npsh']);
    expect(definedTerms('The **impeller**, a wheel with vanes, spins inside.')).toEqual(['impel']);
    // The name alone must still be a term (four words at most); "the" after a comma, or a colon, glosses nothing.
    // The abbreviation its words spell is one still, as a sentence that spells one out defines it (spelled-abbreviation.ts).
    expect(definedTerms('Check the **pump casing seal ring gasket (PCSRG)**, a part.')).toEqual(['pcsrg']);
    expect(definedTerms('Check the **pump casing seal ring gasket (seal)**, a part.')).toEqual([]);
    expect(definedTerms('Open the **casing**, the heavy part, first. Set **Mode**: the default is fine.')).toEqual([]);
  });

  it('reads a glossary term\'s other name in brackets as a term of its own, not one key with the name', () => {
    expect(definedTerms('**Cone (pyrometric cone)**: a small ceramic pyramid that bends at a known heat.').sort()).toEqual(['cone', 'pyrometr cone']);
    expect(definedTerms('- **RAM (random access memory)**: the working memory.').sort()).toEqual(['ram', 'random access memori']);
    expect(definedTerms('Bisque (or biscuit)\n: clay after its first firing.').sort()).toEqual(['biscuit', 'bisqu']);
    // A bracket that only qualifies the term stays part of it, as before.
    expect(definedTerms('- **Payment (principal and interest)**: the monthly amount.')).toEqual(['payment princip interest']);
  });

  it('finds a glossary item whose term a bracket follows before the colon: "**Term** (Skt. *x*): …"', () => {
    const glossary = ['**Anatta** (Pa. *anattā*): the teaching of no-self.', '- **Gurdwara** (Pj.): a Sikh place of worship.', '**Kosher** (Heb. *kasher*) — fit to eat.'].join('\n\n');
    expect(definedTerms(glossary).sort()).toEqual(['anatta', 'gurdwara', 'kosher']);
    // Only between the term and the colon: an emphasised word inside prose or inside the bracket defines nothing.
    expect(definedTerms('The monks keep **rules** (227 of them) and walk at dawn: an alms round.')).toEqual([]);
  });

  it('defines an abbreviation whose spelt-out words are too many to be a term', () => {
    const glossary = ['**POLST (Physician Orders for Life-Sustaining Treatment)**', ': A medical order about resuscitation.'].join('\n');
    expect(definedTerms(glossary)).toEqual(['polst']);
  });

  it('defines an abbreviation a sentence spells out, and none that a sentence only lists', () => {
    // "Run it as **CIGAR**: Controls, …" opens no glossary line, and "the Driver Standards Agency
    // (DSA)" is no bold term: before, neither chunk defined its abbreviation.
    expect(definedTerms('Pilots run the pre-take-off check as **CIGAR**: Controls, Instruments, Gas, Attitude, Runup.')).toEqual(['cigar']);
    expect(definedTerms('Book the test with the Driver Standards Agency (DSA) online.')).toEqual(['dsa']);
    expect(definedTerms('The glossary explains the abbreviations pilots use: CIGAR, DSA, QNH and the rest.')).toEqual([]);
  });

  it('finds glossary items: "- **Term**: …", "**Term:** …", "**Term** — …"', () => {
    const glossary = ['- **Head**: the height the pump lifts water.', '**Priming:** filling the casing first.', '**Cavitation** — bubbles that collapse.'].join('\n');
    expect(definedTerms(glossary).sort()).toEqual(['cavit', 'head', 'prime'].sort());
  });

  it('reads a bold link by its text: a list of linked parts is a table of contents, not a glossary', () => {
    // "1. **[Forces](./02-forces/index.md)** — dynamics: …" gave the key "forc forc index md": the
    // link's address read as words of the term. The linked page defines the term, not this list.
    const contents = ['1. **[Describing motion](./01-motion/index.md)** — kinematics: position and velocity.', '2. **[Forces](./02-forces/index.md)** — dynamics: Newton\'s laws.'].join('\n');
    expect(definedTerms(contents)).toEqual([]);
    // Worded as a definition, the link's text is the term, without its address.
    expect(definedTerms('**[Docker](https://www.docker.com/)** is a container runtime.')).toEqual(['docker']);
    // A link inside a glossary's definition is untouched.
    expect(definedTerms('- **Head**: the height the pump lifts water ([see pumps](./pumps.md)).')).toEqual(['head']);
  });

  it('records every term of a glossary chunk longer than sixteen entries, the last letters too', () => {
    const names = ['Anchor', 'Bilge', 'Cleat', 'Dinghy', 'Ebb', 'Fender', 'Gunwale', 'Halyard', 'Inlet', 'Jib', 'Keel', 'Leeward', 'Mast', 'Nautical mile', 'Oar', 'Port', 'Rudder', 'Stern', 'Tiller', 'Wake'];
    const glossary = names.map((name) => `**${name}**: a word sailors use.`).join('\n\n');
    const defined = definedTerms(glossary);
    expect(defined).toHaveLength(names.length);
    expect(defined).toEqual(expect.arrayContaining(['tiller', 'wake', 'nautic mile']));
  });

  it('records both names of each of forty glossary entries that give an abbreviation, the last letters too', () => {
    const words = ['amber', 'basil', 'cedar', 'delta', 'ember', 'fjord', 'glade', 'haven', 'ivory', 'jolly', 'kayak', 'lemon', 'mango', 'nylon', 'olive', 'pearl', 'quilt', 'raven', 'satin', 'tulip',
      'umber', 'velvet', 'walnut', 'xenon', 'yodel', 'zebra', 'acorn', 'birch', 'cobalt', 'dune', 'eagle', 'flint', 'granite', 'hazel', 'iris', 'juniper', 'kelp', 'lilac', 'maple', 'nectar'];
    // "**Amber stone (AMB1)**": the name and its abbreviation, two keys an entry.
    const glossary = words.map((word, i) => `**${word} stone (${word.slice(0, 3).toUpperCase()}${i})**: a stone.`).join('\n\n');
    const defined = definedTerms(glossary);
    expect(defined).toHaveLength(80);
    expect(defined).toEqual(expect.arrayContaining(['nectar stone', 'nec39', 'amber stone', 'amb0']));
  });

  it('finds a definition list\'s terms: "**Term**" or "Term" over a ": …" line, with its abbreviation', () => {
    const list = ['**Head**', ': the height the pump lifts water.', '', 'Net positive suction head (NPSH)', ': the margin above boiling.', '', '*Priming*', '  : filling the casing first.'].join('\n');
    expect(definedTerms(list).sort()).toEqual(['head', 'npsh', 'net posit suction head', 'prime'].sort());
    // A line that is not followed by a ": …" line, or is too long to be a term, defines nothing.
    expect(definedTerms('**Head**\nthe height the pump lifts water.')).toEqual([]);
    expect(definedTerms('Check the pump and the valve before you start\n: then open it.')).toEqual([]);
  });

  it('finds a sentence that opens with its subject and a copula', () => {
    expect(definedTerms('Anti-windup is a technique that stops the integrator from growing.')).toEqual(['anti windup']);
  });

  it('records a term of several words as one key, so its last word alone is not read as defined', () => {
    expect(definedTerms('The **Data Distribution Service** is the middleware under ROS 2.')).toEqual(['data distribut servic']);
    expect(definedTerms('A **service** is a request and a response.')).toEqual(['servic']);
  });

  it('reads the bold span that opens a subject as the term when a preposition or an adverb follows it ("**Spongy bone** inside is …")', () => {
    expect(definedTerms('**Spongy bone** inside is a lattice of thin struts (trabeculae).')).toEqual(['spongi bone']);
    expect(definedTerms('The **reference** of an expression is the thing in the world it picks out.')).toEqual(['refer']);
    // A noun after the span finishes the name: the bold word only tells this kind apart.
    expect(definedTerms('**Non-locking** carabiners are used on quickdraws.')).toEqual(['non lock carabin']);
  });

  it('reads no term in two things joined before "are" ("Heat exhaustion and hypothermia are …"), one in a pair before "is"', () => {
    expect(definedTerms('Heat exhaustion and hypothermia are what happens when these responses are overwhelmed.')).toEqual([]);
    expect(definedTerms('Rock and roll is a genre of popular music.')).toEqual(['rock roll']);
  });

  it('reads no definition in a subject that points back or counts ("This table is a …", "One pump is the spare")', () => {
    expect(definedTerms('This table is a summary of the pump sizes.')).toEqual([]);
    expect(definedTerms('One pump is the spare; each valve is used twice.')).toEqual([]);
    // The name after "are called" is the term; the pointing subject is not (plain-naming.ts).
    expect(definedTerms('These seals are called lips.')).toEqual(['lip']);
    expect(definedTerms('Most pumps are made of cast iron. Many valves are built to last.')).toEqual([]);
    // The same sentence with a subject of its own defines it.
    expect(definedTerms('A spare pump is the one kept dry.')).toEqual(['spare pump']);
    // A subject that points at the page, after its noun, names nothing new either.
    expect(definedTerms('The example above is a C chord. The pumps shown are the spares.')).toEqual([]);
    expect(definedTerms('The example pump is a spare.')).toEqual(['exampl pump']);
  });

  it('defines a hyphenated term that opens with a question word: "How-to guides are …" is no question', () => {
    expect(definedTerms('How-to guides are a kind of documentation.')).toEqual(['guid']);
  });

  it('reads no definition in a question ("How much is the rent?", "How long is the tenancy?"), a term after its copula', () => {
    // A list of questions to ask (a viewing's, an interview's) made a chunk define "much" and "long".
    expect(definedTerms('Ask these:\n\n1. How much is the rent and the deposit?\n2. How long is the tenancy?')).toEqual([]);
    expect(definedTerms('How often are the filters changed? Why is the pump loud?')).toEqual([]);
    // A subject of its own still defines it, and so does a symbol after a formula ("where X is a …").
    expect(definedTerms('A long lease is a tenancy of over seven years.')).toEqual(['long leas']);
    expect(definedTerms('The mean is g(mu) = eta.\n\nwhere phi is a scale parameter.')).toEqual(['phi']);
  });

  it('reads no definition in a subject that counts past one or points by its place ("The two sounds are …", "The latter is …")', () => {
    expect(definedTerms('The two sounds are made in the same place. Three icons are used to mark them.')).toEqual([]);
    expect(definedTerms('The latter is a standard form. The following is a summary of the catalogs. Next is the combo box.')).toEqual([]);
    // A number joined to its noun by a hyphen, and an ordinal, start a name.
    expect(definedTerms('Two-factor authentication is a second check at login.')).toEqual(['two factor authent']);
    expect(definedTerms('The second law is the one about entropy.')).toEqual(['second law']);
  });

  it('reads no definition in the last of a list of emphasised terms before a copula ("*start* and *end* are …")', () => {
    expect(definedTerms('The optional arguments *start* and *end* are interpreted as in slices.')).toEqual([]);
    expect(definedTerms('**sh** and **bash** are not exactly the same. *walk*, *walks*, *walked*, *walking* are forms of one verb.')).toEqual([]);
    // A term alone before its copula, and one after ", and" (a clause of its own), still define.
    expect(definedTerms('The *end* is the last index.')).toEqual(['end']);
    expect(definedTerms('*rose* is a hyponym of *flower*, and *flower* is the hypernym.')).toEqual(['rose', 'flower']);
  });

  it('reads no definition in a subject that is a place ("Inside each nail is …", "At the top is …")', () => {
    expect(definedTerms('Inside each nail is the **quick**, the living part.')).toEqual([]);
    expect(definedTerms('At the top is a text box. Below the list is the colour mode.')).toEqual([]);
    // A preposition with no determiner after it is the term's own first word.
    // ("through" and "on" are stopwords, so the keys leave them out.)
    expect(definedTerms('Through hole pads are one way to join layers.')).toEqual(['hole pad']);
    expect(definedTerms('The ON clause is the most general kind of join condition.')).toEqual(['claus']);
  });

  it("reads the chunk's own heading when it is a definition question (help pages, FAQs)", () => {
    expect(definedTerms('Every device on a network has one.', 'What is an IP address?')).toEqual(['ip address']);
    expect(definedTerms('A **valve** is a device.', 'Who are the maintainers?')).toEqual(['maintain', 'valv']);
    // Not a definition question, or a heading that is no question: nothing from the heading.
    expect(definedTerms('They differ in speed.', 'What is the difference between a gate and a globe valve?')).toEqual([]);
    expect(definedTerms('Turn it off first.', 'Replacing the IP address')).toEqual([]);
  });

  it('reads a heading whose first prose line opens with its own words as defined there', () => {
    expect(definedTerms('### Pressure relief valves\n\nPressure relief valves open when the line is overloaded.')).toEqual(['pressur relief valv']);
    // Any heading of the chunk, not only its first; fenced lines are never headings.
    const later = ['Some closing words.', '', '## Gaskets', '', 'Gaskets seal two flanges.'].join('\n');
    expect(definedTerms(later)).toEqual(['gasket']);
    // The opening names something else, or is code, a table or a deeper heading: nothing.
    expect(definedTerms('### Gaskets\n\nThe old ones leak.')).toEqual([]);
    // Word for word, function words included: a procedure under a how-to heading defines nothing.
    expect(definedTerms('### How to replace a gasket\n\nTo replace a gasket, drain the pump.')).toEqual([]);
    expect(definedTerms('### Replacing a gasket\n\nTo replace a gasket, drain the pump.')).toEqual([]);
    expect(definedTerms('## The impeller\n\nAn impeller spins inside the casing.')).toEqual(['impel']);
    // The name a heading leads with before a colon or a spaced dash, the rest glossing it.
    expect(definedTerms('## Impellers: the spinning part\n\nAn **impeller** has curved vanes.')).toEqual(['impel']);
    expect(definedTerms('## Seals — keeping water in\n\nSeals wear out.')).toEqual(['seal']);
    expect(definedTerms('## Impellers: the spinning part\n\nThe casing holds it.')).toEqual([]);
    expect(definedTerms('### Gaskets\n\n\x60\x60\x60\ngaskets --list\n\x60\x60\x60')).toEqual([]);
    expect(definedTerms('### Gaskets\n\n| Gaskets | size |')).toEqual([]);
    expect(definedTerms('\x60\x60\x60sh\n# gaskets\ngaskets --list\n\x60\x60\x60')).toEqual([]);
  });

  it('reads a hard-wrapped sentence whole: a naming word at a line\'s end, and a line opening mid-sentence', () => {
    // "called" ends one line, the term opens the next.
    expect(definedTerms('Molten glass that is still soft on the pipe is called\n**gather**; a blower shapes it.')).toContain('gather');
    // A line opening mid-sentence is no sentence opening with its subject.
    expect(definedTerms('For a tilted crack, the block resting on the crack\nplane is the upper block.')).toEqual([]);
    expect(definedTerms('Table salt from a\nsalt mine is the mineral halite.')).toEqual([]);
    // A list item's wrapped tail goes with its item; the next item, a glossary entry and a definition
    // list's detail line still open their own.
    expect(definedTerms('- **Lahars** are mudflows of ash that follow\n  river valleys.\n- **Tephra**: ash and rock.\n**Bomb**: a large clot.')).toEqual(['lahar', 'tephra', 'bomb']);
    expect(definedTerms('Some words follow.\n**Caldera**\n: A collapsed summit.')).toEqual(['caldera']);
  });

  it('joins no line to a line that ends a unit of its own: a callout label, a title, a display, an image', () => {
    // Each line above ends without going on (a colon, a closing mark, a number) and the next opens
    // with a capital: joined, "Note: A topic is …" and "Definition A topic is …" lost the subject.
    expect(definedTerms('Note:\nA topic is a named bus.')).toEqual(['topic']);
    expect(definedTerms('**Definition**\nA topic is a named bus.')).toEqual(['topic']);
    expect(definedTerms('Example 2.1\nA topic is a named bus.')).toEqual(['topic']);
    expect(definedTerms('The sum is\n$$\nx = 1\n$$\nA topic is a named bus.')).toEqual(['topic']);
    expect(definedTerms('![A bus](bus.png)\nA topic is a named bus.')).toEqual(['topic']);
  });

  it('ignores emphasis that does not define, code blocks and tables', () => {
    const text = ['Do **not** open the casing while it runs.', '```', 'A valve is a comment in code', '```', '| A pump is a table cell |'].join('\n');
    expect(definedTerms(text)).toEqual([]);
  });
  it('reads an emphasised complement that ends its clause as the term, and its subject as a description', () => {
    // The sentence runs from the description to the name, as "… is called **magma**" does.
    expect(definedTerms('A new species for your life list is a **lifer**.')).toEqual(['lifer']);
    expect(definedTerms('The top of the head is the **crown**; the back of the neck is the **nape**.')).toEqual(['crown', 'nape']);
    expect(definedTerms('A stripe above the eye is the **supercilium** (eyebrow); a line through it is the eye-line.')).toEqual(['supercilium']);
    // Stress inside a predicate names nothing, and a subject whose complement is not the term still defines.
    expect(definedTerms('This step is **not** optional.')).toEqual([]);
    expect(definedTerms('Here the editor is *modal*.')).toEqual([]);
    expect(definedTerms('A valve is a **small** part of the pump.')).toEqual(['valv']);
  });
  it('reads a complement after a possessive determiner as the term, as after an article', () => {
    // "its", "their", "your", "our" stand where "the" does: the sentence still runs to the name.
    expect(definedTerms('The largest population a habitat can support is its **carrying capacity**.')).toEqual(['carri capac']);
    expect(definedTerms('Your income minus these adjustments is your **adjusted gross income**.')).toEqual(['adjust gross incom']);
    expect(definedTerms('Another property of every object is its *length*.')).toEqual(['length']);
    expect(definedTerms('What matters most is their **not** giving up.')).toEqual([]);
  });
  it('reads a two-column glossary table\'s rows as defining their terms, and no other table', () => {
    const glossary = '| Term | Meaning |\n| --- | --- |\n| NPC | Non-player character: anyone the GM plays. |\n| Hit points (HP) | How much damage a creature takes. |';
    expect(definedTerms(glossary).sort()).toEqual(['hit point', 'hp', 'npc']);
    // A scale (values), a wider table, an overview's table of linked chapters, a gloss of one word: none.
    expect(definedTerms('| Task | DC |\n| --- | --- |\n| Very easy | 5 |\n| Hard | 20 or more |')).toEqual([]);
    expect(definedTerms('| VTT | Cost | Notes |\n| --- | --- | --- |\n| Roll20 | Free tier | Runs in a browser tab |')).toEqual([]);
    expect(definedTerms('| Chapter | Topic |\n| --- | --- |\n| [Combat](combat) | Initiative and balancing fights |')).toEqual([]);
    expect(definedTerms('| Term | Meaning |\n| --- | --- |\n| PC | Player |')).toEqual([]);
    // Rows without a delimiter row are no table; a fenced table is code.
    expect(definedTerms('| NPC | Non-player character: anyone the GM plays. |')).toEqual([]);
    expect(definedTerms('```\n| Term | Meaning |\n| --- | --- |\n| NPC | Non-player character: anyone. |\n```')).toEqual([]);
  });

  it('defines no role, condition or rule, and no term made mostly of function words (stop 53\'s false positives)', () => {
    expect(definedTerms('The classic example is the **sea otter** on the Pacific coast.')).toEqual([]);
    expect(definedTerms('A serve is a **fault** if:\n\n- it lands outside the box.')).toEqual([]);
    expect(definedTerms('**Down the line** — a shot hit straight along a sideline.')).toEqual([]);
    expect(definedTerms('Either way the repair is a cheap part.')).toEqual([]);
    expect(definedTerms('The landlord handles repairs.', 'Who is responsible?')).toEqual([]);
    expect(definedTerms('She wrote the first program.', 'Who is Ada Lovelace?')).toEqual(['ada lovelac']);
  });

  it('defines nothing in a sentence a connective adverb opens, but the term of one "so" opens', () => {
    expect(definedTerms('Thus anarchism is the product of many thinkers.')).toEqual([]);
    expect(definedTerms('Otherwise `leftmatrix` is the inverse of `rightmatrix`.')).toEqual([]);
    expect(definedTerms('So anarchism is a political theory which advocates anarchy.')).toEqual(['anarch']);
  });

  it('defines nothing in a "when" condition, which says what happens in a case, not what the thing is', () => {
    expect(definedTerms('When `modulus` is a positive number `p`, operations on rational expressions are carried out modulo `p`.')).toEqual([]);
    expect(definedTerms('When `x` is a real number, returns the closest integer to `x`.')).toEqual([]);
    expect(definedTerms('A `modulus` is a positive number that operations are carried out modulo.')).toEqual(['modulus']);
  });

  it('defines a plain name after "is called" ("is called Castile soap")', () => {
    expect(definedTerms('Soap made from olive oil alone is called Castile soap.')).toEqual(['castil soap']);
  });
});

