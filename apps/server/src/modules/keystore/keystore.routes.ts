import { keystoreOperations as operations } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import { SIGNED_IN } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';
import type { Keystore } from './keystore.service.js';

/** GET /keystore/v1/public-key: the key the execute form encrypts password inputs with. */
export function registerKeystoreRoutes(app: FastifyInstance, keystore: Keystore): void {
  mount(app, operations, 'GET /keystore/v1/public-key', { access: SIGNED_IN, tags: ['keystore'] }, async () => {
    return { data: { algorithm: 'RSA-OAEP' as const, hash: 'SHA-256' as const, public_key: await keystore.publicKey() } };
  });
}
