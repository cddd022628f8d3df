import { describe, expect, it } from 'vitest';
import { encryptedPreview, ENCRYPTED_PREVIEW_LENGTH } from '@asb/contracts';
import { base64ToBytes, bytesToBase64, ENCRYPTION_ALGORITHM, encryptValue } from './encryption';

async function keyPair() {
  const pair = await globalThis.crypto.subtle.generateKey({ ...ENCRYPTION_ALGORITHM, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
    'encrypt',
    'decrypt',
  ]);
  const spki = bytesToBase64(await globalThis.crypto.subtle.exportKey('spki', pair.publicKey));
  return { spki, privateKey: pair.privateKey };
}

describe('encryptValue', () => {
  it('encrypts with RSA-OAEP / SHA-256 so that the private key reads the clear text back', async () => {
    const { spki, privateKey } = await keyPair();
    const cipherText = await encryptValue('s3cret pässword', spki);
    expect(cipherText).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(cipherText).not.toContain('s3cret');
    const clear = await globalThis.crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, base64ToBytes(cipherText));
    expect(new TextDecoder().decode(clear)).toBe('s3cret pässword');
  });

  it('gives a new ciphertext each time, of which the preview shows 75 characters', async () => {
    const { spki } = await keyPair();
    const first = await encryptValue('same', spki);
    const second = await encryptValue('same', spki);
    expect(first).not.toBe(second);
    expect(encryptedPreview(first)).toHaveLength(ENCRYPTED_PREVIEW_LENGTH);
  });

  it('refuses a key that is not a public key', async () => {
    await expect(encryptValue('x', bytesToBase64(new Uint8Array([1, 2, 3])))).rejects.toThrow();
  });
});

describe('base64', () => {
  it('round-trips bytes', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    expect(Array.from(base64ToBytes(bytesToBase64(bytes)))).toEqual(Array.from(bytes));
  });
});
