/**
 * Spec 1 §5: password inputs are encrypted in the browser with the instance keystore's
 * public key before submit. RSA means RSA-OAEP, SHA means SHA-256 (docs/workflows.md);
 * the key is SPKI DER in base64, the ciphertext is base64 too. The clear text never
 * leaves the browser.
 */
export const ENCRYPTION_ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

const NO_SUBTLE_CRYPTO = 'This browser cannot encrypt the value: the page must be served over HTTPS.';

function subtle(): SubtleCrypto {
  const value = globalThis.crypto?.subtle;
  if (!value) throw new Error(NO_SUBTLE_CRYPTO);
  return value;
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function bytesToBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (let index = 0; index < view.length; index += 0x8000) binary += String.fromCharCode(...view.subarray(index, index + 0x8000));
  return btoa(binary);
}

const imported = new Map<string, Promise<CryptoKey>>();

/** The CryptoKey of a base64 SPKI public key (kept per key: importing is not free). */
function importPublicKey(spkiBase64: string): Promise<CryptoKey> {
  let key = imported.get(spkiBase64);
  if (!key) {
    key = subtle().importKey('spki', base64ToBytes(spkiBase64), ENCRYPTION_ALGORITHM, false, ['encrypt']);
    key.catch(() => imported.delete(spkiBase64));
    imported.set(spkiBase64, key);
  }
  return key;
}

/** The base64 RSA-OAEP/SHA-256 ciphertext of a text (different at each call: OAEP is randomised). */
export async function encryptValue(clearText: string, spkiBase64: string): Promise<string> {
  const key = await importPublicKey(spkiBase64);
  const cipher = await subtle().encrypt({ name: ENCRYPTION_ALGORITHM.name }, key, new TextEncoder().encode(clearText));
  return bytesToBase64(cipher);
}
