import { z } from 'zod';
import {
  changePasswordResponseSchema,
  changePasswordSchema,
  checkDatastoreResponseSchema,
  createGroupSchema,
  createUserResponseSchema,
  createUserSchema,
  datastoreCredentialsResponseSchema,
  datastoreCredentialsSchema,
  groupMemberSchema,
  groupSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  updateUserSchema,
  userListDocumentSchema,
  userSchema,
} from '../users.js';
import { listQuerySchema } from '../jsonapi.js';
import { defineOperations, idParams, noContent } from './operation.js';

const usernameParams = z.object({ username: z.string() });
const redirect = { status: 302 as const, response: { redirect: true as const } };

/** usermgr (spec 1 §7 "User manager and session", spec 2 §7 "Users and account"). */
export const usermgrOperations = defineOperations({
  'POST /usermgr/v1/token/': { summary: 'Sign in: a bearer token for a username and password', body: tokenRequestSchema, response: tokenResponseSchema },
  'GET /usermgr/v1/token/': { summary: 'The bearer token of a browser signed in through the identity provider', response: tokenResponseSchema },
  'POST /usermgr/v1/logout/': { summary: 'Revoke the bearer token of this call', status: 204, response: noContent },
  'GET /usermgr/v1/users/': { summary: 'List users', query: listQuerySchema, response: userListDocumentSchema },
  'POST /usermgr/v1/users/': { summary: 'Create a local account', body: createUserSchema, status: 201, response: createUserResponseSchema },
  'GET /usermgr/v1/users/{username}/': { summary: 'One user', params: usernameParams, response: userSchema },
  'PUT /usermgr/v1/users/{username}/': { summary: 'Change a user', params: usernameParams, body: updateUserSchema, response: userSchema },
  'GET /usermgr/v1/groups/': { summary: 'The workspaces as groups', response: z.array(groupSchema) },
  'POST /usermgr/v1/groups/': { summary: 'The group of a workspace', body: createGroupSchema, status: 201, response: groupSchema },
  'GET /usermgr/v1/groups/{id}/members/': { summary: "A group's members and their roles", params: idParams, response: z.array(groupMemberSchema) },
  'PATCH /usermgr/v1/change_password/': { summary: 'Change the own password', body: changePasswordSchema, response: changePasswordResponseSchema },
  'GET /usermgr/v1/check_datastore/': { summary: 'Whether the datastore credentials were changed', response: checkDatastoreResponseSchema },
  'POST /usermgr/v1/datastore_credentials/': {
    summary: 'New datastore credentials (shown once)',
    body: datastoreCredentialsSchema,
    response: datastoreCredentialsResponseSchema,
  },
  // the identity provider's pages (docs/api.md "usermgr"): the browser navigates to these, each answers a redirect
  'GET /usermgr/oidc/authenticate': {
    summary: 'Sign in at the identity provider: a redirect there (or to the login page with ?error= when it is unreachable)',
    query: z.object({ next: z.string().optional().describe('the portal page to return to') }),
    ...redirect,
  },
  'GET /usermgr/oidc/callback': {
    summary: "The identity provider's answer: a redirect to the page asked for, signed in (or to the login page with ?error=)",
    query: z.looseObject({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional(), error_description: z.string().optional() }),
    ...redirect,
  },
  'GET /usermgr/oidc/logout': { summary: 'End the browser session, then at the identity provider: a redirect there or to the portal', ...redirect },
  'GET /usermgr/cas/login': {
    summary: "Local sign-in (spec 1 §7 login redirects): a redirect to the portal's login page",
    query: z.object({ next: z.string().optional().describe('the portal page to return to') }),
    ...redirect,
  },
  'GET /usermgr/cas/logout': { summary: 'End the browser session: a redirect to the portal', ...redirect },
});
