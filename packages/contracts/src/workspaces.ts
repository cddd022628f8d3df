import { z } from 'zod';
import type { BaseAttributes } from './jsonapi.js';

export const WORKSPACE_IDENTIFIER_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

/** Spec 2 Administration > Workspaces: unique identifier, lowercased on creation, and a label. */
export const createWorkspaceSchema = z.object({
  identifier: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .transform((value) => value.toLowerCase())
    .pipe(
      z.string().regex(WORKSPACE_IDENTIFIER_PATTERN, {
        message: 'Use letters, digits, hyphens and underscores only.',
      }),
    ),
  label: z.string().trim().min(1).max(200),
});
export type CreateWorkspace = z.input<typeof createWorkspaceSchema>;

export const updateWorkspaceSchema = z.object({ label: z.string().trim().min(1).max(200) });

/** a workspace has no attributes beyond the base ones */
export const workspaceAttributesSchema = z.object({});
export type WorkspaceAttributes = BaseAttributes;
