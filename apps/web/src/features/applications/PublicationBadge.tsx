import { Badge } from '@mantine/core';
import type { PublicationState } from '@asb/contracts';
import { PUBLICATION_LABELS } from './publication';

interface PublicationBadgeProps {
  application: { publication: PublicationState; permissions: { publish: boolean } };
}

/**
 * Spec 3 §4: published (`:published`), in review (`:topublish`) or private. 'private' is about the
 * Marketplace and concerns only whoever may publish: to any other reader of a public collection
 * (signed out, say) it would say, wrongly, that what they are reading is hidden.
 */
export function PublicationBadge({ application }: PublicationBadgeProps) {
  const state = application.publication;
  if (state === 'private' && !application.permissions.publish) return null;
  const { label, color } = PUBLICATION_LABELS[state];
  return (
    <Badge variant="light" color={color} tt="none" data-publication={state}>
      {label}
    </Badge>
  );
}
