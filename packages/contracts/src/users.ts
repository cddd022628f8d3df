import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.js';
import { paginationSchema } from './jsonapi.js';
import { WORKSPACE_ROLES } from './roles.js';

/** Spec 2 §3 User. groups maps workspace identifier -> roles. */
export const userSchema = z
  .object({
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
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const USERNAME_PATTERN = /^[\w.@+-]+$/;

export const tokenRequestSchema = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;
export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

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
export const createUserResponseSchema = userSchema.extend({ password: z.string().optional() });
export type CreateUserResponse = z.infer<typeof createUserResponseSchema>;

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

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  workspace_identifier: z.string(),
  label: z.string(),
});
export type Group = z.infer<typeof groupSchema>;
export const createGroupSchema = z.object({ workspace_identifier: z.string().min(1) });

export const groupMemberSchema = z.object({
  username: z.string(),
  full_name: z.string(),
  roles: z.array(z.string()),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const checkDatastoreResponseSchema = z.object({ data: z.object({ changed: z.boolean(), message: z.string().optional() }) });
export type CheckDatastoreResponse = z.infer<typeof checkDatastoreResponseSchema>;

export const datastoreCredentialsSchema = z.object({ password: z.string() });
export const datastoreCredentialsResponseSchema = z.object({ datastore_secret: z.string().optional(), message: z.string().optional() });
export type DatastoreCredentialsResponse = z.infer<typeof datastoreCredentialsResponseSchema>;

export const changePasswordResponseSchema = z.object({ detail: z.string(), token: z.string() });

/** GET usermgr/v1/users/: the user list in the generic list's shape */
export const userListDocumentSchema = z.object({
  data: z.array(z.object({ type: z.literal('users'), id: z.string(), attributes: userSchema })),
  meta: z.object({ pagination: paginationSchema }),
});
