import { describe, expect, it } from 'vitest';
import { questionFrameWeights, withoutMeaningVerb } from '../../../../src/core/query/search/question-frame';

// The words that frame a question weigh nothing in the BM25 question (question-frame.ts). Moved
// from definition-query.test.ts with the rules, assertions unchanged.
describe('questionFrameWeights', () => {
  it('weighs nothing for the verb of "what does X mean / stand for", which asks for a meaning and is no word of it', () => {
    expect(questionFrameWeights('what does DHPP stand for?')).toEqual(new Map([['mean', 0], ['stand', 0], ['meant', 0]]));
    expect(questionFrameWeights('What does NPSH mean in a pump manual').get('mean')).toBe(0);
    // Elsewhere the words are the reader's own: "stand" of a music stand, the statistician's mean.
    expect(questionFrameWeights('how do I stand the bike up').size).toBe(0);
    expect(questionFrameWeights('what is the mean of a sample').size).toBe(0);
  });

  it('weighs nothing for the verb of "what is meant by X" and "what do people mean by X", the same frame worded otherwise', () => {
    expect(questionFrameWeights('what is meant by vendor lock-in').get('meant')).toBe(0);
    expect(questionFrameWeights('What do people mean by the reality gap?').get('mean')).toBe(0);
    // A noun of the subject after "meant" is not the frame: "what is meant to happen" asks for no definition.
    expect(questionFrameWeights('what is meant to happen next').size).toBe(0);
  });

  it('weighs nothing for "happen" in "what happens if / when / to …", which asks for a consequence, in any question', () => {
    expect(questionFrameWeights('what happens if I only pay the minimum on my card')).toEqual(new Map([['happen', 0]]));
    expect(questionFrameWeights('What will happen to my pension when I quit?')).toEqual(new Map([['happen', 0]]));
    for (const tense of ['what has happened to my deposit', 'what is happening to my tomatoes', 'what would have happened if I had waited', "what's happening with my refund"]) {
      expect(questionFrameWeights(tense), tense).toEqual(new Map([['happen', 0]]));
    }
    // A phone types the curly apostrophe (NFKC keeps it), and "what'll" / "what'd" are contractions too.
    for (const typed of ['what’s happening with my refund', "what'll happen if I quit", 'what’d happen if I waited']) {
      expect(questionFrameWeights(typed), typed).toEqual(new Map([['happen', 0]]));
    }
    // The event is the reader's subject, named by the verb alone: no consequence of anything after it.
    expect(questionFrameWeights('why does this happen every morning').size).toBe(0);
    expect(questionFrameWeights('Italian workers took over their factories in 1920, what happened').size).toBe(0);
  });

  it('weighs nothing for "find" in "where do I find …" and "find out", the question\'s frame, in any question', () => {
    expect(questionFrameWeights('where do I find the initial admin password?')).toEqual(new Map([['find', 0]]));
    expect(questionFrameWeights('how do I find out what is leaking under my car')).toEqual(new Map([['find', 0]]));
    // The verb is the reader's subject: a search for files, a "Find and Replace" dialog.
    expect(questionFrameWeights('how do I find files bigger than 1 GB').size).toBe(0);
    expect(questionFrameWeights('where can I find and replace text in a sheet').size).toBe(0);
    expect(questionFrameWeights('how do I find out-of-range values').size).toBe(0);
  });

  it('weighs nothing for "figure" in "figure out", which means learn as "find out" does, and not for the noun', () => {
    expect(questionFrameWeights('how do I figure out who cares about my project')).toEqual(new Map([['figur', 0]]));
    expect(questionFrameWeights('I figured it out once, why does the pump stall again')).toEqual(new Map([['figur', 0]]));
    // The noun is the reader's subject: an illustration, a number the book gives.
    expect(questionFrameWeights('what does figure 3 show').size).toBe(0);
    expect(questionFrameWeights('why are my sales figures out of date').size).toBe(0);
    expect(questionFrameWeights('figure out-of-range values').size).toBe(0);
  });

  it('weighs nothing for the light verb "get" not in capitals, whose object or state is what the question asks about', () => {
    expect(questionFrameWeights('how do I get a permit for the trail')).toEqual(new Map([['get', 0]]));
    expect(questionFrameWeights('what should I do if I get lost')).toEqual(new Map([['get', 0]]));
    expect(questionFrameWeights('my heel is getting sore and red')).toEqual(new Map([['get', 0]]));
    expect(questionFrameWeights("I've got a hex dump in a file")).toEqual(new Map([['got', 0]]));
    expect(questionFrameWeights('the faint parts never have gotten detected')).toEqual(new Map([['gotten', 0]]));
    expect(questionFrameWeights('Get rid of repeated items in my list')).toEqual(new Map([['get', 0]]));
    // GET, the HTTP method, is written in capitals and keeps its weight; "target" and "budget" are other words.
    expect(questionFrameWeights('what does a GET request return').size).toBe(0);
    expect(questionFrameWeights('how do I set a budget target').size).toBe(0);
  });

  it('keeps a word of the term that the meaning verb stems like: the question asks what THAT word means', () => {
    // "standing" stems to "stand", the statistician's "mean" is "mean": weighed 0, the question lost its term.
    expect(questionFrameWeights('What does a standing wave mean?').has('stand')).toBe(false);
    expect(questionFrameWeights('what does the mean stand for')).toEqual(new Map([['stand', 0], ['meant', 0]]));
    expect(questionFrameWeights('What does mean free path mean?').has('mean')).toBe(false);
  });

  it('weighs nothing else: a question without a frame gets an empty map', () => {
    expect(questionFrameWeights('What is a ROS 2 action?').size).toBe(0);
    expect(questionFrameWeights('how do I replace the pump wear ring').size).toBe(0);
  });
  it('weighs nothing for the rate preposition "per", whose neighbours name what is asked', () => {
    expect(questionFrameWeights('how much coffee do I use per cup')).toEqual(new Map([['per', 0]]));
    expect(questionFrameWeights('convert 60 miles per hour into metres per second').get('per')).toBe(0);
    // "PER", an abbreviation a book may define, and a word that only starts with the letters keep their weight.
    expect(questionFrameWeights('what is the PER of a stock').size).toBe(0);
    expect(questionFrameWeights('how do I store perishable food').size).toBe(0);
  });
  it('weighs nothing for the "idea" of "a good / bad idea", a judgement the answer gives without the word', () => {
    expect(questionFrameWeights('is coffee a good idea before a talk')).toEqual(new Map([['idea', 0]]));
    expect(questionFrameWeights('Would it be a BAD IDEA to repot in winter?').get('idea')).toBe(0);
    // The idea a question asks about keeps its weight.
    expect(questionFrameWeights('what is the main idea of a talk').size).toBe(0);
    expect(questionFrameWeights('how do I find a good ideal weight').size).toBe(0);
  });
  it('weighs nothing for the noun of "the difference between …", which asks for a comparison the answer draws without the word', () => {
    expect(questionFrameWeights("what's the difference between a gate valve and a ball valve")).toEqual(new Map([['differ', 0]]));
    expect(questionFrameWeights('differences between individualist and social anarchists')).toEqual(new Map([['differ', 0]]));
    expect(questionFrameWeights('pcap versus pcapng: what’s the difference and which one should I save as?')).toEqual(new Map([['versus', 0], ['differ', 0]]));
    // Two things set side by side with "vs", and the noun typed with a letter dropped or swapped.
    expect(questionFrameWeights('granite vs basalt difference').get('differ')).toBe(0);
    expect(questionFrameWeights('granit vs basalt diffrence').get('differ')).toBe(0);
    expect(questionFrameWeights('differance between a dike and a sill').get('differ')).toBe(0);
    expect(questionFrameWeights("What's the actual difference?").get('differ')).toBe(0);
    // Typed without its apostrophe, as the term rule reads "whats" (term-evidence.ts).
    expect(questionFrameWeights('lenses or mirrors, whats the difference?').get('differ')).toBe(0);
    // The word names the subject: a quantity, a set operation, a verb or an adjective of the reader's.
    expect(questionFrameWeights('what is the difference of two sets in Maxima').size).toBe(0);
    expect(questionFrameWeights('what is the difference in pressure across the valve').size).toBe(0);
    expect(questionFrameWeights('how do these two approaches differ').size).toBe(0);
    expect(questionFrameWeights('load a different driver at boot').size).toBe(0);
  });
  it('weighs nothing for "vs" or "versus", which set two things side by side and name neither', () => {
    expect(questionFrameWeights('granite vs basalt')).toEqual(new Map([['vs', 0]]));
    expect(questionFrameWeights('clone tool versus heal tool')).toEqual(new Map([['versus', 0]]));
    // In capitals it may be a name or a symbol the book defines ("VS Code", "Vs" a voltage).
    expect(questionFrameWeights('what does VS stand for in the circuit').has('vs')).toBe(false);
    // "Vs" inside another word is no connector.
    expect(questionFrameWeights('the rule of Vs on a map').size).toBe(0);
    expect(questionFrameWeights('canvas size').size).toBe(0);
  });
  it('weighs nothing for the "often" of "how often", which asks for a frequency the answer writes as one', () => {
    expect(questionFrameWeights('how often should I water my plants')).toEqual(new Map([['often', 0]]));
    expect(questionFrameWeights('How OFTEN does the farrier need to come?').get('often')).toBe(0);
    // The reader's own "often" keeps its weight.
    expect(questionFrameWeights('my dog often barks at night').size).toBe(0);
  });
  it('weighs nothing for the "long" of "how long", which asks for a duration the answer writes as one', () => {
    expect(questionFrameWeights('how long does a water heater last')).toEqual(new Map([['long', 0]]));
    expect(questionFrameWeights('How long a rope do I need for a 35 metre route?').get('long')).toBe(0);
    // The reader's own "long" keeps its weight.
    expect(questionFrameWeights('why is my long exposure blurry').size).toBe(0);
    // Nor the "long" of a compound the question asks about ("long-term care"), as "find out-" keeps "find".
    expect(questionFrameWeights('how long-term care insurance pays out').size).toBe(0);
    expect(questionFrameWeights('how often-used tools are stored').size).toBe(0);
  });
});

// The local model reads no weights: the verb of a definition frame leaves its query text instead.
describe('withoutMeaningVerb', () => {
  const knows = (stems: string[]) => (stem: string) => stems.includes(stem);

  it('drops the verb of "what does X mean / stand for / what is meant by X" when a word the model knows remains', () => {
    expect(withoutMeaningVerb('what does OTE mean', knows(['ote', 'mean']))).toBe('what does OTE ');
    expect(withoutMeaningVerb('What does DHPP stand for?', knows(['dhpp']))).toBe('What does DHPP  for?');
    expect(withoutMeaningVerb('what does TCP Dup ACK mean in the info column?', knows(['tcp', 'info']))).toBe('what does TCP Dup ACK  in the info column?');
    expect(withoutMeaningVerb('what is meant by vendor lock-in', knows(['vendor']))).toBe('what is  by vendor lock-in');
    expect(withoutMeaningVerb('what do people mean by the reality gap', knows(['realiti', 'gap']))).toBe('what do people  by the reality gap');
  });

  it('keeps the verb when nothing the model knows would remain, which would leave no vector at all', () => {
    expect(withoutMeaningVerb('what does OTE mean', knows(['mean']))).toBe('what does OTE mean');
  });

  it("keeps the term's own word and any question that asks no meaning", () => {
    // "standing wave" is the term: its "stand" stays, the frame's "mean" goes.
    expect(withoutMeaningVerb('what does standing wave mean', knows(['stand', 'wave']))).toBe('what does standing wave ');
    expect(withoutMeaningVerb('what is the mean of a sample', knows(['mean', 'sampl']))).toBe('what is the mean of a sample');
    expect(withoutMeaningVerb('how do I stand the bike up', knows(['stand', 'bike']))).toBe('how do I stand the bike up');
    // "what does it mean to …" names no term: not a definition question, so its words stay.
    expect(withoutMeaningVerb('what does it mean to reconcile an account', knows(['reconcil', 'account']))).toBe('what does it mean to reconcile an account');
  });
});
