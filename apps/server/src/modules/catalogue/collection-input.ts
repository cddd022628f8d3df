import { stacCollectionInputSchema } from '@asb/contracts';
import { z } from 'zod';
import type { Principal } from '../../platform/auth/principal.js';
import { canAddToWorkspace } from '../../platform/auth/permissions.js';
import { permissionDenied } from '../../platform/http/errors.js';
import type { CatalogueRepository } from './catalogue.repository.js';
import { CatalogueInputError } from './catalogue-geometry.js';

/** A collection of a transaction's body, checked, with the portal's settings taken out of its document. */
export interface CollectionInput {
  document: Record<string, unknown> & { id: string };
  isPublic: boolean | undefined;
  workspaceIds: number[] | undefined;
}

/** Checks a collection body: its schema, and that its workspaces exist and `principal` may share into them. */
export async function collectionInput(storage: Pick<CatalogueRepository, 'missingWorkspaces'>, principal: Principal, body: unknown): Promise<CollectionInput> {
  const parsed = stacCollectionInputSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const pointer = `/${issue.path.join('/')}`;
    throw new CatalogueInputError(pointer, `${pointer}: ${z.prettifyError(new z.ZodError([issue]))}`);
  }
  const { 'asb:public': isPublic, 'asb:workspaces': workspaceIds, ...document } = parsed.data;
  if (workspaceIds && workspaceIds.length > 0) {
    const missing = await storage.missingWorkspaces(workspaceIds);
    if (missing.length > 0) throw new CatalogueInputError('/asb:workspaces', `/asb:workspaces: no workspace ${missing.join(', ')}.`);
    if (!workspaceIds.every((id) => canAddToWorkspace(principal, id))) throw permissionDenied();
  }
  return { document: document as Record<string, unknown> & { id: string }, isPublic, workspaceIds };
}
