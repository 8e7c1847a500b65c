import { describe, expect, it } from 'vitest';
import { asksWhatItMeans, DEFINITION_FACTOR, definitionPriors, definitionTerms, HEADING_FACTOR, SUBJECT_MODIFIER_SHARE, SUBJECT_MODIFIER_WEIGHT, subjectModifierWeights, termBeforeItsEnd } from '../../../../src/core/query/search/definition-query';

describe('definition questions', () => {
  it.each([
    ['What is a ROS 2 topic?', ['ros', '2', 'topic']],
    ["what's an impeller", ['impel']],
    ['what actually is a gasket in a pump? like what is it for', ['gasket']],
    ['What are check valves and why do they fail?', ['check', 'valv']],
    ['what do people mean by the reality gap in robot simulation?', ['realiti', 'gap']],
    // Not "what is X" with X = "meant by …": the term comes after "by".
    ['what is meant by vendor lock-in?', ['vendor', 'lock']],
    // The same frame contracted or with an adverb: "what's" read the term "meant".
    ["what's meant by vendor lock-in?", ['vendor', 'lock']],
    ['what exactly is meant by vendor lock-in', ['vendor', 'lock']],
    ['define cavitation', ['cavit']],
    ['What does NPSH mean?', ['npsh']],
    ['cavitation meaning', ['cavit']],
    // The context a reader adds after "mean" is not the term.
    ['What does NPSH mean in a pump curve?', ['npsh']],
    ['what do the flags mean for chmod', ['flag']],
    ['what does cavitation mean when the pump is running', ['cavit']],
    // An adverb before the verb is not part of the term.
    ['what does an IP address actually mean', ['ip', 'address']],
    // An adverb or "good for" after the term ends it, even before a comma; so does "and" + a verb.
    ["What is this impeller actually good for, and what won't it do?", ['impel']],
    ['What is a wear ring good for?', ['wear', 'ring']],
    ['What is NPSH and do I need to check it?', ['npsh']],
    ['what are seals for, and when do they fail', ['seal']],
    // A preposition ends the term wherever it stands: the head is "volute", not "pump".
    ['what is the volute around the pump for', ['volut']],
    ['what is a bypass through the valve', ['bypass']],
  ])('%s → the stems of its term', (query, stems) => {
    expect(definitionTerms(query)).toEqual(stems);
  });

  it.each([
    'How do I replace the gasket?',
    'What is the difference between a gate valve and a globe valve?',
    "What's the point of a second relief valve?",
    'What is the best way to prime a pump?',
    'What are cast iron split case double suction pumps?',
    'gasket',
  ])('%s → not a definition question', (query) => {
    expect(definitionTerms(query)).toBeNull();
    expect(definitionPriors(query)).toEqual([]);
  });

  it('reads the same question once, and each caller gets its own copy of the term', () => {
    const first = definitionTerms('What is a ROS 2 topic?')!;
    first.push('mutated');
    expect(definitionTerms('What is a ROS 2 topic?')).toEqual(['ros', '2', 'topic']);
    // Another question in between is read afresh, and so is the first again.
    expect(definitionTerms('What is swappiness?')).toEqual(['swappi']);
    expect(definitionTerms('How do I publish on a topic?')).toBeNull();
    expect(definitionTerms('What is a ROS 2 topic?')).toEqual(['ros', '2', 'topic']);
  });

  it("favours chunks that define the term or a tail of it (the head noun last; modifiers are often the book's subject)", () => {
    expect(definitionPriors('What is a ROS 2 topic?')).toEqual([
      { key: 'defines', any: ['topic', 'ros topic'], factor: DEFINITION_FACTOR },
      { key: 'heading_terms', any: ['topic'], factor: HEADING_FACTOR },
    ]);
    // Tails, never a modifier alone: a chunk that defines "node" or "lifecycle node" matches, one
    // that defines "managed" or "lifecycle" does not.
    expect(definitionPriors('what is a managed lifecycle node?').map((p) => p.any)).toEqual([['node', 'lifecycl node', 'manag lifecycl node'], ['node']]);
    // The other spelling of each word (British ↔ American) too, after the question's own: a book's
    // `defines` holds its own spelling, and "optimization" stems to `optim`, "optimisation" to `optimis`.
    expect(definitionPriors('What is domain randomization?').map((p) => p.any)).toEqual([
      ['random', 'randomis', 'domain random', 'domain randomis'],
      ['random', 'randomis'],
    ]);
    expect(definitionPriors('What is colour management?')[0]!.any).toEqual(['manag', 'colour manag', 'color manag']);
    // A defining sentence is stronger evidence than a heading; both promote.
    expect(DEFINITION_FACTOR).toBeGreaterThan(HEADING_FACTOR);
    expect(HEADING_FACTOR).toBeGreaterThan(1);
  });

  it("weighs down the term's modifiers that name the book's subject (names and numbers in more than SUBJECT_MODIFIER_SHARE of the chunks)", () => {
    const share = (shares: Record<string, number>) => (stem: string) => shares[stem] ?? 0;
    expect(subjectModifierWeights('What is a ROS 2 action?', share({ ros: 0.6, '2': 0.6, action: 0.3 }))).toEqual(
      new Map([
        ['ros', SUBJECT_MODIFIER_WEIGHT],
        ['2', SUBJECT_MODIFIER_WEIGHT],
      ]),
    );
    expect(subjectModifierWeights('What is a PumpCo wear ring?', share({ pumpco: 0.5, wear: 0.5, ring: 0.02 }))).toEqual(new Map([['pumpco', SUBJECT_MODIFIER_WEIGHT]]));
    // A name the book seldom uses is part of the term; so is an ordinary word, however common.
    expect(subjectModifierWeights('What is a PumpCo wear ring?', share({ pumpco: SUBJECT_MODIFIER_SHARE })).size).toBe(0);
    expect(subjectModifierWeights('What is a pump wear ring?', () => 0.9).size).toBe(0);
    // Not a definition question, or a one-word term: nothing.
    expect(subjectModifierWeights('How do I replace the PumpCo ring?', () => 1).size).toBe(0);
    expect(subjectModifierWeights('What is a gasket?', () => 1).size).toBe(0);
  });

  it('reads "what does X mean / stand for" as asking for a meaning, and no other lead', () => {
    expect(asksWhatItMeans('what does DHPP stand for?')).toBe(true);
    expect(asksWhatItMeans('What does hydration mean in a bread recipe')).toBe(true);
    expect(asksWhatItMeans('What is DHPP?')).toBe(false);
    expect(asksWhatItMeans('how do I stand the bike up')).toBe(false);
    expect(asksWhatItMeans('what is meant by vendor lock-in')).toBe(true);
    expect(asksWhatItMeans('what do people mean by the reality gap')).toBe(true);
    expect(asksWhatItMeans('what is meant to happen next')).toBe(false);
    expect(asksWhatItMeans("what's meant by vendor lock-in")).toBe(true);
    expect(asksWhatItMeans('what is really meant by vendor lock-in')).toBe(true);
    expect(asksWhatItMeans("what's meant to happen next")).toBe(false);
  });

  it('gives no weight to the words of the question\'s frame: question-frame.ts does', () => {
    expect(subjectModifierWeights('what does DHPP stand for?', () => 0.01).size).toBe(0);
    expect(subjectModifierWeights('where do I find the initial admin password?', () => 0.01).size).toBe(0);
  });

  it("cuts a phrase where a question's term ends: a preposition, an adverb, a clause", () => {
    expect(termBeforeItsEnd('Spongy bone inside')).toBe('Spongy bone');
    expect(termBeforeItsEnd('reference of an expression')).toBe('reference');
    expect(termBeforeItsEnd('Non-locking carabiners')).toBe('Non-locking carabiners');
  });
});
