import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';

/** The external base URL (no trailing slash): ASB_PUBLIC_URL, or what the request was addressed to. */
export function publicBaseUrl(config: AppConfig, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}
