import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { PrincipalSource } from './auth/authenticate.js';
import type { TokenService } from './auth/tokens.js';
import type { Db } from './db/client.js';
import type { EventBus } from './live/event-bus.js';
import type { OutboundFetch } from './outbound/outbound-fetch.js';

/**
 * What the platform layer needs: configuration, database and its own services. Modules get
 * the app's context (src/app-context.ts), which adds theirs; platform/ imports nothing from
 * modules/ (docs/architecture.md, "Layers").
 */
export interface PlatformContext {
  config: AppConfig;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  tokens: TokenService;
  /** who a token's subject is (the users repository of usermgr) */
  users: PrincipalSource;
  bus: EventBus;
  /** every fetch the server makes for a user (platform/outbound/outbound-fetch.ts) */
  outbound: OutboundFetch;
  log: FastifyBaseLogger;
}
