import { deriveSlug } from '@asb/contracts';
import { attributeErrors } from '../../platform/http/errors.js';

/** The identifier of a catalogue entry: as given, or derived from its label. */
export function catalogueIdentifier(attributes: Record<string, unknown>): string {
  const identifier = (attributes.identifier as string | undefined) || deriveSlug(attributes.label as string);
  if (!identifier) throw attributeErrors({ label: 'The label needs a letter or a digit to derive the identifier from.' });
  return identifier;
}

/** a duplicate is reported on the identifier when the client gave it, else on the label it came from */
export const identifierOrLabel = (attributes: Record<string, unknown>) => (attributes.identifier ? 'identifier' : 'label');
