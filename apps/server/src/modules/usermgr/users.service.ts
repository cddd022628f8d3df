import { signInThrottle } from '../../platform/db/schema.js';
import { resourceId } from '../../platform/resources/resource.service.js';
import crypto from 'node:crypto';
import {
  MIN_PASSWORD_LENGTH,
  PAGE_SIZE,
  type ChangePasswordRequest,
  type CreateUserRequest,
  type CreateUserResponse,
  type Group,
  type GroupMember,
  type UpdateUserRequest,
  type User,
  type WorkspaceRole,
} from '@asb/contracts';
import { eq } from 'drizzle-orm';
import { isMember, requireStaff } from '../../platform/auth/permissions.js';
import type { Principal } from '../../platform/auth/principal.js';
import { generatePassword, hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { AppContext } from '../../app-context.js';
import { isUniqueViolation } from '../../platform/db/unique-violation.js';
import { workspaces } from '../../platform/db/schema.js';
import { detailError, fieldErrors, notFound, permissionDenied } from '../../platform/http/errors.js';
import { MAX_PAGE_SIZE } from '../../platform/resources/resource.service.js';
import { SignInService } from './sign-in.service.js';
import { toUser, type UserRow } from './users.repository.js';

export interface UserListParams {
  page?: number;
  size?: number;
  sort?: string;
  search?: string;
}

const SORTABLE: Record<string, (u: User) => string | boolean> = {
  username: (u) => u.username,
  first_name: (u) => u.first_name,
  last_name: (u) => u.last_name,
  email: (u) => u.email,
  is_active: (u) => u.is_active,
  is_staff: (u) => u.is_staff,
  is_superuser: (u) => u.is_superuser,
  date_joined: (u) => u.date_joined,
};

/** Password rules of spec 2 §5; errors per field as the profile form shows them. */
function passwordErrors(request: ChangePasswordRequest): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (request.new_password.length < MIN_PASSWORD_LENGTH) {
    errors.new_password = [`This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`];
  }
  if (request.new_password !== request.confirm_new_password) {
    errors.confirm_new_password = ["The two password fields didn't match."];
  }
  if (!errors.new_password && request.new_password === request.current_password) {
    errors.non_field_errors = ['The new password must be different from the current password.'];
  }
  return errors;
}

export class UsersService {
  readonly signIn: SignInService;

  constructor(private readonly ctx: AppContext) {
    this.signIn = new SignInService(ctx);
  }

  private get repo() {
    return this.ctx.users;
  }

  private async rowOr404(username: string): Promise<UserRow> {
    const row = await this.repo.findByUsername(username);
    if (!row) throw notFound(`User ${username} not found`);
    return row;
  }

  /** Staff only (the route declares it). */
  async list(params: UserListParams) {
    const rows = await this.repo.list(params.search);
    const groups = await this.repo.groupsByUser();
    const all = rows.map((row) => toUser(row, groups.get(row.id) ?? {}));
    const sort = params.sort ?? 'username';
    const key = SORTABLE[sort.replace(/^-/, '')];
    if (!key) throw detailError(400, `Cannot sort by '${sort}'.`);
    const direction = sort.startsWith('-') ? -1 : 1;
    all.sort((a, b) => (key(a) < key(b) ? -direction : key(a) > key(b) ? direction : 0));
    const size = Math.min(Math.max(params.size ?? PAGE_SIZE, 1), MAX_PAGE_SIZE);
    const page = Math.max(params.page ?? 1, 1);
    return {
      data: all.slice((page - 1) * size, page * size).map((user) => ({ type: 'users' as const, id: user.username, attributes: user })),
      meta: { pagination: { page, pages: Math.max(1, Math.ceil(all.length / size)), count: all.length } },
    };
  }

  async get(principal: Principal, username: string): Promise<User> {
    const wanted = username === 'self' ? principal.username : username;
    if (wanted.toLowerCase() !== principal.username.toLowerCase()) requireStaff(principal);
    const row = await this.rowOr404(wanted);
    return toUser(row, await this.repo.groupsOf(row.id));
  }

  /** Creates a local account. Without a password one is generated and returned once. */
  async create(request: CreateUserRequest & { is_staff?: boolean; is_superuser?: boolean }): Promise<CreateUserResponse> {
    const taken = () => fieldErrors({ username: ['A user with that username already exists.'] });
    if (await this.repo.findByUsername(request.username)) throw taken();
    const password = request.password ?? generatePassword();
    const passwordHash = await hashPassword(password);
    // The unique index decides between simultaneous requests for one name (hashing leaves a wide window).
    const row = await this.repo
      .insert({
        username: request.username,
        passwordHash,
        firstName: request.first_name ?? '',
        lastName: request.last_name ?? '',
        email: request.email ?? '',
        isStaff: request.is_staff ?? false,
        isSuperuser: request.is_superuser ?? false,
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? taken() : error;
      });
    const user = toUser(row, {});
    return request.password ? user : { ...user, password };
  }

  /** By staff (the route declares it). */
  async update(principal: Principal, username: string, request: UpdateUserRequest): Promise<User> {
    const row = await this.rowOr404(username);
    // Staff who are not superusers could otherwise deactivate or demote the superusers above them.
    if (row.isSuperuser && !principal.isSuperuser) throw permissionDenied();
    const isSelf = row.id === principal.id;
    if (request.is_superuser !== undefined && request.is_superuser !== row.isSuperuser && !principal.isSuperuser) {
      throw fieldErrors({ is_superuser: ['Only a superuser can grant or remove superuser status.'] });
    }
    if (isSelf && request.is_active === false) {
      throw fieldErrors({ is_active: ['You cannot deactivate your own account.'] });
    }
    if (isSelf && request.is_staff === false && !principal.isSuperuser) {
      throw fieldErrors({ is_staff: ['You cannot remove your own admin status.'] });
    }
    if (request.groups) {
      const roles: { workspaceId: number; role: WorkspaceRole }[] = [];
      for (const [identifier, workspaceRoleList] of Object.entries(request.groups)) {
        const [workspace] = await this.ctx.db.select().from(workspaces).where(eq(workspaces.identifier, identifier));
        if (!workspace) throw fieldErrors({ groups: [`Unknown workspace ${identifier}.`] });
        // A role is added only once per workspace.
        for (const role of new Set(workspaceRoleList)) roles.push({ workspaceId: workspace.id, role });
      }
      await this.repo.setRoles(row.id, roles);
    }
    const updated = await this.repo.update(row.id, {
      firstName: request.first_name ?? row.firstName,
      lastName: request.last_name ?? row.lastName,
      email: request.email ?? row.email,
      isActive: request.is_active ?? row.isActive,
      isStaff: request.is_staff ?? row.isStaff,
      isSuperuser: request.is_superuser ?? row.isSuperuser,
    });
    return toUser(updated, await this.repo.groupsOf(row.id));
  }

  /** Changes the own password; answers a fresh token because older ones are revoked. */
  async changePassword(principal: Principal, request: ChangePasswordRequest): Promise<{ detail: string; token: string }> {
    const row = await this.rowOr404(principal.username);
    const errors = passwordErrors(request);
    if (!(await verifyPassword(row.passwordHash, request.current_password))) {
      errors.current_password = ['Your current password was entered incorrectly. Please enter it again.'];
    }
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const updated = await this.repo.update(row.id, { passwordHash: await hashPassword(request.new_password) });
    return { detail: 'Password updated successfully', token: await this.signIn.issueToken(updated) };
  }

  async setPassword(username: string, password?: string): Promise<string> {
    const row = await this.rowOr404(username);
    const value = password ?? generatePassword();
    await this.repo.update(row.id, { passwordHash: await hashPassword(value) });
    // `asb reset-password` also lifts every sign-in wait of the account
    await this.ctx.db.delete(signInThrottle).where(eq(signInThrottle.account, row.username.toLowerCase()));
    return value;
  }

  async checkDatastore(principal: Principal) {
    const row = await this.rowOr404(principal.username);
    return { data: { changed: row.datastoreChanged } };
  }

  /** New datastore credentials after re-entering the account password; the secret is shown once. */
  async datastoreCredentials(principal: Principal, password: string) {
    const row = await this.rowOr404(principal.username);
    if (!(await verifyPassword(row.passwordHash, password))) {
      throw fieldErrors({ password: ['Your password was entered incorrectly.'] });
    }
    const secret = crypto.randomBytes(24).toString('base64url');
    await this.repo.update(row.id, { datastoreChanged: true, datastoreSecretHash: await hashPassword(secret) });
    return { datastore_secret: secret };
  }

  async groups(principal: Principal): Promise<Group[]> {
    const rows = await this.ctx.db.select().from(workspaces).orderBy(workspaces.identifier);
    return rows
      .filter((w) => principal.isStaff || isMember(principal, w.id))
      .map((w) => ({ id: String(w.id), name: w.identifier, workspace_identifier: w.identifier, label: w.label }));
  }

  /** Spec 2: a workspace role group is created with {workspace_identifier}; the workspace must exist. By staff (the route declares it). */
  async createGroup(workspaceIdentifier: string): Promise<Group> {
    const [workspace] = await this.ctx.db.select().from(workspaces).where(eq(workspaces.identifier, workspaceIdentifier.toLowerCase()));
    if (!workspace) throw fieldErrors({ workspace_identifier: [`Workspace ${workspaceIdentifier} does not exist.`] });
    return { id: String(workspace.id), name: workspace.identifier, workspace_identifier: workspace.identifier, label: workspace.label };
  }

  async members(principal: Principal, groupId: string): Promise<GroupMember[]> {
    const id = resourceId(groupId);
    const [workspace] = id !== undefined ? await this.ctx.db.select().from(workspaces).where(eq(workspaces.id, id)) : [];
    if (!workspace) throw notFound(`Group ${groupId} not found`);
    if (!principal.isStaff && !isMember(principal, workspace.id)) throw permissionDenied();
    const members = new Map<string, GroupMember>();
    for (const m of await this.repo.membersOf(workspace.id)) {
      const member = members.get(m.username) ?? { username: m.username, full_name: `${m.firstName} ${m.lastName}`.trim(), roles: [] };
      member.roles.push(m.role);
      members.set(m.username, member);
    }
    return [...members.values()];
  }

  /**
   * ASB_ADMIN_USERNAME / ASB_ADMIN_PASSWORD name a superuser that must exist at
   * start. With neither set, a first start (no users at all) creates `admin` with
   * a random password that is printed once.
   */
  async ensureAdmin(): Promise<{ username: string; password?: string } | undefined> {
    const { adminUsername, adminPassword } = this.ctx.config;
    if (!adminUsername && !adminPassword) {
      const existing = await this.repo.list();
      if (existing.length > 0) return undefined;
      const created = await this.createUnlessRaced('admin', { username: 'admin', is_staff: true, is_superuser: true });
      // the replica that won printed the password
      return created && { username: 'admin', password: created.password };
    }
    const username = adminUsername ?? 'admin';
    const row = await this.repo.findByUsername(username);
    if (!row) {
      const created = await this.createUnlessRaced(username, { username, password: adminPassword, is_staff: true, is_superuser: true });
      return created ? { username, password: created.password } : this.ensureAdmin();
    }
    await this.repo.update(row.id, { isActive: true, isStaff: true, isSuperuser: true });
    if (adminPassword && !(await verifyPassword(row.passwordHash, adminPassword))) {
      await this.setPassword(username, adminPassword);
    }
    return undefined;
  }

  /**
   * Replicas starting at once on an empty database each find no admin and create it: the one
   * that comes second finds the user made (undefined) instead of failing its start.
   */
  private async createUnlessRaced(username: string, payload: Parameters<UsersService['create']>[0]) {
    try {
      return await this.create(payload);
    } catch (error) {
      if (await this.repo.findByUsername(username)) return undefined;
      throw error;
    }
  }
}
