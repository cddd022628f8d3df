import { Badge } from '@mantine/core';
import type { PublicationState } from '@asb/contracts';
import { PUBLICATION_LABELS } from './publication';

/** Spec 3 §4: published (`:published`), in review (`:topublish`) or private. */
export function PublicationBadge({ state }: { state: PublicationState }) {
  const { label, color } = PUBLICATION_LABELS[state];
  return (
    <Badge variant="light" color={color} tt="none" data-publication={state}>
      {label}
    </Badge>
  );
}
