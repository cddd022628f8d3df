import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.js';
import { WORKSPACE_ROLES } from './roles.js';

/** Spec 2 §3 User. groups maps workspace identifier -> roles. */
export const userSchema = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  full_name: z.string(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  is_active: z.boolean(),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  is_system: z.boolean(),
  groups: z.record(z.string(), z.array(z.string())),
});
export type User = z.infer<typeof userSchema>;

export const USERNAME_PATTERN = /^[\w.@+-]+$/;

export const tokenRequestSchema = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;
export interface TokenResponse {
  token: string;
}

export const createUserSchema = z.object({
  username: z.string().trim().min(1).max(150).regex(USERNAME_PATTERN, {
    message: 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
  }),
  password: z.string().min(MIN_PASSWORD_LENGTH).optional(),
  first_name: z.string().max(150).optional(),
  last_name: z.string().max(150).optional(),
  email: z.union([z.literal(''), z.email()]).optional(),
});
export type CreateUserRequest = z.infer<typeof createUserSchema>;
/** The generated password is returned once when none was given. */
export type CreateUserResponse = User & { password?: string };

export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES);

export const updateUserSchema = z.object({
  first_name: z.string().max(150).optional(),
  last_name: z.string().max(150).optional(),
  email: z.union([z.literal(''), z.email()]).optional(),
  is_active: z.boolean().optional(),
  is_staff: z.boolean().optional(),
  is_superuser: z.boolean().optional(),
  groups: z.record(z.string(), z.array(workspaceRoleSchema)).optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserSchema>;

export const changePasswordSchema = z.object({
  current_password: z.string(),
  new_password: z.string(),
  confirm_new_password: z.string(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/** DRF-style field errors of usermgr 400 responses. */
export type FieldErrors = Record<string, string[]>;

export interface Group {
  id: string;
  name: string;
  workspace_identifier: string;
  label: string;
}

export interface GroupMember {
  username: string;
  full_name: string;
  roles: string[];
}

export interface CheckDatastoreResponse {
  data: { changed: boolean; message?: string };
}

export const datastoreCredentialsSchema = z.object({ password: z.string() });
export interface DatastoreCredentialsResponse {
  datastore_secret?: string;
  message?: string;
}
