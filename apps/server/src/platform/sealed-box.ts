import crypto from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * `clear` sealed with AES-256-GCM under `key` (32 bytes), `binding` as associated data: iv (12
 * bytes) | tag (16) | ciphertext. The keystore's sealed inputs and users' secrets are written so.
 */
export function sealWith(key: Buffer, clear: string, binding: string): Buffer {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(binding, 'utf8'));
  const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The clear text of `sealed` (sealWith), or undefined when it does not open: another key, another binding, altered, too short. */
export function openWith(key: Buffer, sealed: Buffer, binding: string): string | undefined {
  if (sealed.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(binding, 'utf8'));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
