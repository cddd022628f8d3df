import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { settings } from '../../platform/db/schema.js';
import { openWith, sealWith } from '../../platform/sealed-box.js';

const SETTING_KEY = 'keystore_rsa_private_key';
/** What a sealed value starts with (an input the server re-encrypted for one execution or schedule). */
const SEALED_PREFIX = 'asb-sealed:v1:';

/** Whether a stored input value is sealed (never served: a mask goes out instead). */
export const isSealed = (value: string | null | undefined): boolean => typeof value === 'string' && value.startsWith(SEALED_PREFIX);

/** What a sealed value is bound to: it opens only for the execution or schedule it was sealed for. */
export const executionBinding = (identifier: string) => `execution:${identifier}`;
export const scheduleBinding = (identifier: string) => `schedule:${identifier}`;

/**
 * The instance keystore (docs/workflows.md): one RSA key pair, made at first use and
 * kept in the database so that every replica agrees. Browsers encrypt password inputs
 * with the public key (RSA-OAEP, SHA-256); only the server can read them back.
 *
 * The server keeps a password input neither as the browser's ciphertext (which anyone who
 * reads it could submit again) nor in clear: it seals the clear text with AES-256-GCM,
 * keyed from the private key, with the execution or schedule it belongs to as associated
 * data (docs/security.md "Password inputs"). A sealed value copied anywhere else does not
 * open.
 */
export class Keystore {
  private privateKey?: Promise<crypto.KeyObject>;
  private sealKey?: Promise<Buffer>;

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

  private loadSealKey(): Promise<Buffer> {
    this.sealKey ??= this.load()
      .then((key) => Buffer.from(crypto.hkdfSync('sha256', key.export({ type: 'pkcs8', format: 'der' }), Buffer.alloc(0), 'asb input seal v1', 32)))
      .catch((error: unknown) => {
        this.sealKey = undefined;
        throw error;
      });
    return this.sealKey;
  }

  /** `clear` sealed for `binding` (executionBinding or scheduleBinding). */
  async seal(clear: string, binding: string): Promise<string> {
    return SEALED_PREFIX + sealWith(await this.loadSealKey(), clear, binding).toString('base64');
  }

  /**
   * The clear text of a password value as given: the browser's ciphertext, or (for the
   * server's own callers) a value sealed for `sealedFor`; undefined when it is neither.
   */
  async reveal(value: string, sealedFor?: string): Promise<string | undefined> {
    return (sealedFor === undefined ? undefined : await this.open(value, sealedFor)) ?? (await this.decrypt(value));
  }

  /** The clear text of a value sealed for `binding`, or undefined (not sealed, sealed for something else, or altered). */
  async open(value: string, binding: string): Promise<string | undefined> {
    if (!isSealed(value)) return undefined;
    try {
      return openWith(await this.loadSealKey(), Buffer.from(value.slice(SEALED_PREFIX.length), 'base64'), binding);
    } catch {
      return undefined;
    }
  }
}
