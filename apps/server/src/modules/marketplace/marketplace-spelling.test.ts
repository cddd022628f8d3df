import { describe, expect, it } from 'vitest';
import { correctQuery, correctWord, queryWords } from './marketplace-spelling.js';

const vocabulary = new Map([
  ['vegetation', 3],
  ['vegetal', 1],
  ['water', 5],
  ['waters', 1],
  ['classifier', 2],
  ['sentinel', 4],
  ['flood', 2],
  ['food', 1],
  ['floods', 1],
]);

describe('marketplace typo tolerance', () => {
  it('corrects a misspelt word to the known word fewest edits away, whole or as the start of a longer word', () => {
    expect(correctWord('vegatation', vocabulary)).toBe('vegetation');
    expect(correctWord('sentinal', vocabulary)).toBe('sentinel');
    // a transposition is two edits: allowed from six letters on
    expect(correctWord('clasifier', vocabulary)).toBe('classifier');
    // typed part of a word, with a typo in it
    expect(correctWord('clasif', vocabulary)).toBe('classifier');
    // equally near: the whole word before a prefix, then the word of more resources
    expect(correctWord('watr', vocabulary)).toBe('water');
    expect(correctWord('flod', vocabulary)).toBe('flood');
  });

  it('leaves known words, starts of known words, short words, numbers and far words alone', () => {
    expect(correctWord('water', vocabulary)).toBeUndefined();
    expect(correctWord('veget', vocabulary)).toBeUndefined();
    expect(correctWord('wat', vocabulary)).toBeUndefined();
    expect(correctWord('2024', vocabulary)).toBeUndefined();
    expect(correctWord('radar', vocabulary)).toBeUndefined();
    expect(correctWord('glacier', vocabulary)).toBeUndefined();
  });

  it('corrects a query word by word, and says when nothing was corrected', () => {
    expect(correctQuery(queryWords('Sentinal  vegatation!', 12), vocabulary)).toEqual(['sentinel', 'vegetation']);
    expect(correctQuery(queryWords('water classifier', 12), vocabulary)).toBeUndefined();
    expect(queryWords("a & !(b | 'c') d", 3)).toEqual(['a', 'b', 'c']);
  });
});
