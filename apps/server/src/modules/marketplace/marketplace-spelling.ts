import { distance } from 'fastest-levenshtein';

/** The words the marketplace's resources use, and in how many resources each is. */
export type Vocabulary = ReadonlyMap<string, number>;

/** Words shorter than this are never corrected: too many words are one edit away from them. */
const MIN_LENGTH = 4;
/** How many edits a word of this length may be away from the word meant. */
const maxEdits = (length: number) => (length <= 5 ? 1 : 2);

/** The words of a query, as the search splits them: anything but letters and digits separates words. */
export function queryWords(query: string | undefined, max: number): string[] {
  return (query ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, max);
}

/**
 * The known word a misspelt one most likely meant: the fewest edits (insertions, deletions,
 * substitutions) away, as a whole word or as the start of a longer word (the search takes each
 * word as a prefix: 'vegetat' is meant to find 'vegetation'), then the word of more resources.
 * Undefined when the word is known (or starts a known word), too short, a number, or nothing is near.
 */
export function correctWord(word: string, vocabulary: Vocabulary): string | undefined {
  if (word.length < MIN_LENGTH || /^\p{N}+$/u.test(word)) return undefined;
  const limit = maxEdits(word.length);
  let best: { word: string; edits: number; whole: boolean; count: number } | undefined;
  for (const [known, count] of vocabulary) {
    if (known.startsWith(word)) return undefined;
    if (known.length < word.length - limit) continue;
    const whole = Math.abs(known.length - word.length) <= limit ? distance(word, known) : Infinity;
    const prefix = known.length > word.length ? distance(word, known.slice(0, word.length)) : Infinity;
    const edits = Math.min(whole, prefix);
    if (edits > limit) continue;
    const candidate = { word: known, edits, whole: whole <= prefix, count };
    if (
      !best ||
      candidate.edits < best.edits ||
      (candidate.edits === best.edits && (candidate.whole !== best.whole ? candidate.whole : candidate.count > best.count))
    )
      best = candidate;
  }
  return best?.word;
}

/** The query's words with the misspelt ones corrected, or undefined when none was. */
export function correctQuery(words: readonly string[], vocabulary: Vocabulary): string[] | undefined {
  let corrected = false;
  const result = words.map((word) => {
    const fixed = correctWord(word, vocabulary);
    if (fixed === undefined) return word;
    corrected = true;
    return fixed;
  });
  return corrected ? result : undefined;
}
