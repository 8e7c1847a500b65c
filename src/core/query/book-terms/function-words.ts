/**
 * The term rule's function words (term-evidence.ts): words that never name a topic, so a question
 * that uses one the book never writes says nothing about whether the book covers it.
 */

/**
 * Function words that Qdrant's stopword list (NLTK's) lacks: indefinite pronouns, "else", modal
 * verbs, adverbs of frequency or degree, conjunctions and linking adverbs ("whenever", "whereas",
 * "however", "therefore"), prepositions ("within", "upon", "towards", "despite"), and "versus" (how
 * comparison questions are asked; "vs" is short enough to weigh nothing already). They never name a
 * topic, so a book that does not happen to write "nobody" says nothing about whether it covers "lock
 * my file so nobody else can open it", nor one without "whenever" about "wifi drops whenever the
 * microwave is on" (whose warning named "whenever" as a word the book never mentions).
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'nobody', 'somebody', 'anybody', 'everybody', 'someone', 'anyone', 'everyone', 'something', 'anything',
  'nothing', 'everything', 'somewhere', 'anywhere', 'everywhere', 'nowhere', 'else', 'would', 'could',
  'might', 'must', 'shall', 'may', 'also', 'yet', 'even', 'still', 'ever', 'never', 'always', 'often',
  'sometimes', 'usually', 'really', 'quite', 'rather', 'already', 'instead', 'though', 'although',
  'unless', 'whether', 'either', 'neither', 'versus',
  'whenever', 'wherever', 'whereas', 'whilst', 'however', 'whatever', 'whichever', 'whoever', 'therefore',
  'thus', 'hence', 'otherwise', 'moreover', 'furthermore', 'nevertheless', 'nonetheless', 'meanwhile',
  'despite', 'unlike', 'upon', 'within', 'among', 'amongst', 'toward', 'towards', 'via',
  // Contractions typed without their apostrophe: "doesn't" splits into the stopwords "doesn" and "t",
  // but "doesnt" is one token in no book and no lexicon, and was weighed as a name the book lacks
  // ("why doesnt my baby sleep" was judged off-topic in a baby-care book). Not those that are everyday
  // words of their own ("ill", "well", "shed", "wed", "its"); "cant" (a roofer's cant strip) and "wont"
  // are kept, far more often typed for "can't" and "won't", and weigh nothing even in a book that has them.
  'dont', 'doesnt', 'didnt', 'isnt', 'arent', 'wasnt', 'werent', 'hasnt', 'havent', 'hadnt', 'wouldnt',
  'couldnt', 'shouldnt', 'mustnt', 'neednt', 'mightnt', 'shant', 'aint', 'cant', 'wont', 'whats',
  'thats', 'theres', 'heres', 'wheres', 'whos', 'hows', 'whens', 'whys', 'ive', 'youre', 'youve',
  'youll', 'youd', 'theyre', 'theyve', 'theyll', 'theyd', 'weve', 'shes', 'itll', 'thatll',
]);
