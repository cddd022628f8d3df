import { splitKeywords, type Application, type ApplicationUpdate } from '@asb/contracts';

/** Spec 3 §5: the licence URL field is flagged with this when it is not a URL. */
export const LICENCE_WARNING =
  'You have not specified Terms & Conditions (licence) for this application. Any user will be able to execute this application without restrictions.';

/** The editable properties of an application, as the form's texts. */
export interface PropertiesValues {
  description: string;
  keywords: string;
  dateCreated: string;
  releaseNotes: string;
  license: string;
  logo: string;
  authorName: string;
  authorAffiliation: string;
  authorEmail: string;
  inputs: { id: string; label: string; doc: string; default: string }[];
}

/** A CWL default as one line of text: strings as they are, anything else as JSON; none is empty. */
export function defaultText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function valuesOf(application: Application): PropertiesValues {
  const author = application.author[0];
  return {
    description: application.abstract || application.doc,
    keywords: application.keywords.join(', '),
    dateCreated: application.dateCreated,
    releaseNotes: application.releaseNotes,
    license: application.license,
    logo: application.logo,
    authorName: author?.['s:name'] ?? '',
    authorAffiliation: author?.['s:affiliation'] ?? '',
    authorEmail: author?.['s:email'] ?? '',
    inputs: application.inputs.map((input) => ({ id: input.id, label: input.label, doc: input.doc, default: defaultText(input.default) })),
  };
}

/** Spec 3 §3 Application update payload; the inputs as 'name::label::doc::default'. */
export function updateOf(identifier: string, values: PropertiesValues): ApplicationUpdate {
  return {
    cwl_identifier: identifier,
    description: values.description,
    keywords: splitKeywords(values.keywords),
    date_created: values.dateCreated,
    release_notes_url: values.releaseNotes.trim(),
    license_url: values.license.trim(),
    logo_url: values.logo.trim(),
    author_name: values.authorName.trim(),
    author_affiliation: values.authorAffiliation.trim(),
    author_email: values.authorEmail.trim(),
    inputs: values.inputs.map((input) => [input.id, input.label, input.doc, input.default].join('::')),
  };
}
