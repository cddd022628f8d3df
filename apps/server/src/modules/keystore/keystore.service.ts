import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { settings } from '../../platform/db/schema.js';

const SETTING_KEY = 'keystore_rsa_private_key';

/**
 * The instance keystore (docs/workflows.md): one RSA key pair, made at first use and
 * kept in the database so that every replica agrees. Browsers encrypt password inputs
 * with the public key (RSA-OAEP, SHA-256); only the server can read them back.
 */
export class Keystore {
  private privateKey?: Promise<crypto.KeyObject>;

  constructor(private readonly db: Db) {}

  private load(): Promise<crypto.KeyObject> {
    this.privateKey ??= (async () => {
      const generated = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      await this.db.insert(settings).values({ key: SETTING_KEY, value: generated }).onConflictDoNothing();
      const [row] = await this.db.select().from(settings).where(eq(settings.key, SETTING_KEY));
      return crypto.createPrivateKey(row!.value);
    })().catch((error: unknown) => {
      this.privateKey = undefined;
      throw error;
    });
    return this.privateKey;
  }

  /** SPKI DER, base64: what crypto.subtle.importKey('spki', ...) takes in the browser. */
  async publicKey(): Promise<string> {
    const key = crypto.createPublicKey(await this.load());
    return key.export({ type: 'spki', format: 'der' }).toString('base64');
  }

  /** The clear text of a base64 RSA-OAEP/SHA-256 ciphertext, or undefined when it is not one of ours. */
  async decrypt(cipherText: string): Promise<string | undefined> {
    try {
      const clear = crypto.privateDecrypt(
        { key: await this.load(), padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(cipherText, 'base64'),
      );
      return clear.toString('utf8');
    } catch {
      return undefined;
    }
  }
}
