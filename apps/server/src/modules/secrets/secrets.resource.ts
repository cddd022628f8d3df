import { secretsContract } from '@asb/contracts';
import { eq } from 'drizzle-orm';
import { detailError } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import type { SecretBox } from './secret-box.js';
import { secretBinding } from './secret-box.js';
import { secrets } from './secrets.schema.js';

export type SecretRow = typeof secrets.$inferSelect;

const UPDATE_DISABLED = 'A secret cannot be changed: delete it and store it again.';

/**
 * A user's secrets (spec 3 §2 "Secrets", §5, §7; docs/security.md "Secrets"): only their owner
 * lists them (staff neither: a secret is its owner's), by tag; the value is sealed at once and no
 * call answers it. A secret is not changed (store another tag, or delete it), archived or shared.
 */
export function secretsResource(box: SecretBox) {
  return resourceOf(secretsContract).define<SecretRow>({
    table: secrets,
    shareable: false,
    defaultSort: 'identifier',
    disabled: {
      update: UPDATE_DISABLED,
      archive: 'Secrets are not archived: delete one that is no longer needed.',
    },
    visibleTo: (principal) => eq(secrets.ownerId, principal.username),
    // 'change' is the owner's too, so that a change is answered why it is refused (405)
    authorize: (principal, _action, resource) => resource.row.ownerId === principal.username,
    toInsert: (attributes, principal) => ({
      identifier: attributes.tag,
      label: attributes.tag,
      slug: attributes.tag,
      ownerId: principal.username,
      ...box.seal(attributes.value, secretBinding(principal.username, attributes.tag)),
    }),
    toUpdate: () => {
      throw detailError(405, UPDATE_DISABLED);
    },
    duplicateField: () => 'tag',
    duplicateMessage: 'You already have a secret with this tag.',
    attributes: (row) => ({ tag: row.identifier }),
  });
}
