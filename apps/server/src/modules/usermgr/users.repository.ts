import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { User, WorkspaceRole } from '@asb/contracts';
import type { Db } from '../../platform/db/client.js';
import { revokedTokens, users, workspaceRoles, workspaces } from '../../platform/db/schema.js';
import type { Principal } from '../../platform/auth/principal.js';

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow, groups: Record<string, string[]>): User {
  return {
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    full_name: `${row.firstName} ${row.lastName}`.trim(),
    date_joined: row.dateJoined.toISOString(),
    last_login: row.lastLogin?.toISOString() ?? null,
    is_active: row.isActive,
    is_staff: row.isStaff,
    is_superuser: row.isSuperuser,
    is_system: row.isSystem,
    groups,
  };
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  }

  async findByOidcSubject(subject: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.oidcSubject, subject));
    return row;
  }

  async list(search?: string): Promise<UserRow[]> {
    // The search text is literal: % and _ are not wildcards to the user typing them.
    const pattern = search ? `%${search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
    const where = pattern
      ? or(ilike(users.username, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern))
      : undefined;
    return this.db.select().from(users).where(where).orderBy(asc(users.username));
  }

  async insert(values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    return row!;
  }

  /** workspace identifier -> roles, for the given users (all when omitted). */
  async groupsByUser(userIds?: number[]): Promise<Map<number, Record<string, string[]>>> {
    const rows = await this.db
      .select({ userId: workspaceRoles.userId, identifier: workspaces.identifier, role: workspaceRoles.role })
      .from(workspaceRoles)
      .innerJoin(workspaces, eq(workspaces.id, workspaceRoles.workspaceId))
      .orderBy(asc(workspaces.identifier), asc(workspaceRoles.role));
    const result = new Map<number, Record<string, string[]>>();
    for (const row of rows) {
      if (userIds && !userIds.includes(row.userId)) continue;
      const groups = result.get(row.userId) ?? {};
      (groups[row.identifier] ??= []).push(row.role);
      result.set(row.userId, groups);
    }
    return result;
  }

  async groupsOf(userId: number): Promise<Record<string, string[]>> {
    return (await this.groupsByUser([userId])).get(userId) ?? {};
  }

  /** Replaces all workspace roles of a user. Unknown workspace identifiers are refused by the caller. */
  async setRoles(userId: number, roles: { workspaceId: number; role: WorkspaceRole }[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(workspaceRoles).where(eq(workspaceRoles.userId, userId));
      if (roles.length > 0) {
        await tx
          .insert(workspaceRoles)
          .values(roles.map((r) => ({ userId, workspaceId: r.workspaceId, role: r.role })))
          .onConflictDoNothing();
      }
    });
  }

  async addRole(userId: number, workspaceId: number, role: WorkspaceRole): Promise<void> {
    await this.db.insert(workspaceRoles).values({ userId, workspaceId, role }).onConflictDoNothing();
  }

  async membersOf(workspaceId: number): Promise<{ username: string; firstName: string; lastName: string; role: string }[]> {
    return this.db
      .select({ username: users.username, firstName: users.firstName, lastName: users.lastName, role: workspaceRoles.role })
      .from(workspaceRoles)
      .innerJoin(users, eq(users.id, workspaceRoles.userId))
      .where(eq(workspaceRoles.workspaceId, workspaceId))
      .orderBy(asc(users.username), asc(workspaceRoles.role));
  }

  /**
   * Loads the principal of an active user, or undefined, in one round trip: the user's row and
   * workspace roles (a left join), and with `tokenId` whether that token was revoked — every
   * request is authenticated through here (platform/auth/authenticate.ts), before its own queries.
   */
  async principal(username: string, tokenId?: string): Promise<{ principal: Principal; row: UserRow; revoked: boolean } | undefined> {
    const revoked = tokenId ? sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${tokenId})` : sql<boolean>`false`;
    const rows = await this.db
      .select({ user: users, workspaceId: workspaceRoles.workspaceId, role: workspaceRoles.role, revoked })
      .from(users)
      .leftJoin(workspaceRoles, eq(workspaceRoles.userId, users.id))
      .where(sql`lower(${users.username}) = lower(${username})`);
    const row = rows[0]?.user;
    if (!row || !row.isActive) return undefined;
    const roles = new Map<number, WorkspaceRole[]>();
    for (const r of rows) {
      if (r.workspaceId === null || r.role === null) continue;
      roles.set(r.workspaceId, [...(roles.get(r.workspaceId) ?? []), r.role as WorkspaceRole]);
    }
    return {
      row,
      principal: { id: row.id, username: row.username, isStaff: row.isStaff, isSuperuser: row.isSuperuser, roles },
      revoked: rows[0]!.revoked === true,
    };
  }
}
