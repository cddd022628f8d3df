import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { secretBinding, type SecretBox } from './secret-box.js';
import { secrets } from './secrets.schema.js';

/**
 * Users' secrets as the rest of the server uses them (docs/security.md "Secrets in
 * executions"): whether a user has a tag (an execution's input is checked when it is
 * created) and its clear value, which only the engine asks for, when the task that uses it
 * starts, to hand it to that sandboxed task.
 */
export class UserSecrets {
  constructor(
    private readonly db: Db,
    readonly box: SecretBox,
  ) {}

  private async row(owner: string, tag: string) {
    const [row] = await this.db
      .select({ cipher: secrets.cipher })
      .from(secrets)
      .where(and(eq(secrets.ownerId, owner), eq(secrets.identifier, tag)))
      .limit(1);
    return row;
  }

  async has(owner: string, tag: string): Promise<boolean> {
    return (await this.row(owner, tag)) !== undefined;
  }

  /** The clear value of `owner`'s secret `tag`, or undefined when there is none (or it no longer opens). */
  async valueOf(owner: string, tag: string): Promise<string | undefined> {
    const row = await this.row(owner, tag);
    return row && this.box.open(row.cipher, secretBinding(owner, tag));
  }
}
