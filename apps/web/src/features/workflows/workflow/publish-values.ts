import { parseWorkflowDescription, publishWorkflowSchema, type PublishWorkflowPayload } from '@asb/contracts';

export interface PublishValues {
  description: string;
  thumbnail_url: string;
}

/** The form starts from what the workflow was last published with (description is JSON text, spec 1 §3). */
export function initialPublishValues(description: string): PublishValues {
  return description ? parseWorkflowDescription(description) : { description: '', thumbnail_url: '' };
}

/** Description required; a thumbnail URL, when given, must begin with http (spec 1 §5). */
export function checkPublishValues(values: PublishValues): { payload?: PublishWorkflowPayload; errors: Partial<Record<keyof PublishValues, string>> } {
  const result = publishWorkflowSchema.safeParse(values);
  if (result.success) return { payload: result.data, errors: {} };
  const errors: Partial<Record<keyof PublishValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'description' || field === 'thumbnail_url') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** Thumbnail and logo assets are used only if the href begins with http (spec 1 §5). */
export function isUsableImage(href: string | null | undefined): href is string {
  return typeof href === 'string' && href.startsWith('http');
}
