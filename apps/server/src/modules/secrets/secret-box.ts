import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.js';
import { openWith, sealWith } from '../../platform/sealed-box.js';

/**
 * The key users' secrets are sealed with (docs/security.md "Secrets"): derived from
 * ASB_SECRET_KEY when the operator sets it, else 32 random bytes in ASB_SECRETS_KEY_FILE (made at
 * the first secret, 0600, outside the data directory by default). Never in the database, so a copy
 * of the database (a backup, PGlite's folder) does not open the secrets.
 */
export class SecretBox {
  private key?: { id: string; bytes: Buffer };

  /** Throws (the server does not start) when the key file would lie inside the data directory. */
  constructor(private readonly config: Pick<AppConfig, 'secretKey' | 'secretsKeyFile' | 'dataDir'>) {
    const inside = path.relative(path.resolve(config.dataDir), config.secretsKeyFile);
    if (!config.secretKey && !inside.startsWith('..') && !path.isAbsolute(inside))
      throw new Error('ASB_SECRETS_KEY_FILE lies inside the data directory: the secrets key must not be kept beside the database.');
  }

  private load(): { id: string; bytes: Buffer } {
    if (this.key) return this.key;
    if (this.config.secretKey) {
      this.key = { id: 'env', bytes: Buffer.from(crypto.hkdfSync('sha256', this.config.secretKey, Buffer.alloc(0), 'asb user secrets v1', 32)) };
      return this.key;
    }
    const file = this.config.secretsKeyFile;
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      try {
        fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        // another process made it first: theirs is the key
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    const bytes = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (bytes.length !== 32) throw new Error(`${file} does not hold a 32-byte key (base64).`);
    this.key = { id: 'file', bytes };
    return this.key;
  }

  /** `value` sealed for `binding` (owner and tag: a ciphertext moved to another row does not open). */
  seal(value: string, binding: string): { cipher: string; keyId: string } {
    const key = this.load();
    return { cipher: sealWith(key.bytes, value, binding).toString('base64'), keyId: key.id };
  }

  /** The clear value, or undefined when it does not open (another key, another binding, tampered). */
  open(sealed: string, binding: string): string | undefined {
    try {
      return openWith(this.load().bytes, Buffer.from(sealed, 'base64'), binding);
    } catch {
      // the key file unreadable or malformed: nothing opens
      return undefined;
    }
  }
}

export const secretBinding = (owner: string, tag: string) => `secret:${owner}:${tag}`;
