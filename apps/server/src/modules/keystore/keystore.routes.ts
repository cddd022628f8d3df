import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/permissions.js';
import type { Keystore } from './keystore.service.js';
import { access, SIGNED_IN } from '../../platform/http/access.js';

/** GET /keystore/v1/public-key: the key the execute form encrypts password inputs with. */
export function registerKeystoreRoutes(app: FastifyInstance, keystore: Keystore): void {
  app.get('/keystore/v1/public-key', { config: access(SIGNED_IN), schema: { tags: ['keystore'] } }, async (request) => {
    requireUser(request.principal);
    return { data: { algorithm: 'RSA-OAEP', hash: 'SHA-256', public_key: await keystore.publicKey() } };
  });
}
