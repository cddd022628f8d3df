import { z } from 'zod';
import { defineOperations } from './operation.js';

/** keystore/v1: the key the execute form encrypts password inputs with (spec 1 §5, docs/security.md). */
export const keystoreOperations = defineOperations({
  'GET /keystore/v1/public-key': {
    summary: 'The public key for password inputs (RSA-OAEP with SHA-256, SPKI in base64)',
    response: z.object({ data: z.object({ algorithm: z.literal('RSA-OAEP'), hash: z.literal('SHA-256'), public_key: z.string() }) }),
  },
});
