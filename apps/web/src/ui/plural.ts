const RULES = new Intl.PluralRules('en');

/**
 * The word that goes with `count` ('1 execution', '2 executions', '0 executions'; '1 input needs',
 * '2 inputs need'): English plural rules from the platform, not `=== 1`. An irregular plural is
 * given explicitly ('process', 'processes').
 */
export function pluralForm(count: number, singular: string, plural = `${singular}s`): string {
  return RULES.select(count) === 'one' ? singular : plural;
}

/** A count with its noun, as a sentence writes it: countOf(1, 'execution') = '1 execution'. */
export function countOf(count: number, singular: string, plural?: string): string {
  return `${count} ${pluralForm(count, singular, plural)}`;
}
