import { PUBLISHED_SUFFIX, type PublicationState } from '@asb/contracts';

/** Spec 3 §6: a superuser, or the owner when the collection is not a `:published` one, may upload. */
export function canUpload(user: { username: string; is_superuser: boolean } | null, collection: { identifier: string; ownerId: string }): boolean {
  if (!user) return false;
  if (user.is_superuser) return true;
  return user.username === collection.ownerId && !collection.identifier.endsWith(PUBLISHED_SUFFIX);
}

export const PUBLICATION_LABELS: Record<PublicationState, { label: string; color: string }> = {
  published: { label: 'published', color: 'teal' },
  'in-review': { label: 'in review', color: 'yellow' },
  private: { label: 'private', color: 'gray' },
};
