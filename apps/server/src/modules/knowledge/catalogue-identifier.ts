import { deriveSlug } from '@asb/contracts';
import { attributeErrors } from '../../platform/http/errors.js';

/** The attributes of a catalogue entry's create that name it. */
export interface NamedAttributes {
  identifier?: string;
  label: string;
}

/** The identifier of a catalogue entry: as given, or derived from its label. */
export function catalogueIdentifier(attributes: NamedAttributes): string {
  const identifier = attributes.identifier || deriveSlug(attributes.label);
  if (!identifier) throw attributeErrors({ label: 'The label needs a letter or a digit to derive the identifier from.' });
  return identifier;
}

/** a duplicate is reported on the identifier when the client gave it, else on the label it came from */
export const identifierOrLabel = (attributes: NamedAttributes) => (attributes.identifier ? 'identifier' : 'label');
