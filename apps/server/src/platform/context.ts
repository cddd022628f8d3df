import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { TokenService } from './auth/tokens.js';
import type { Db } from './db/client.js';
import type { EventBus } from './live/event-bus.js';
import type { UsersRepository } from '../modules/usermgr/users.repository.js';
import type { Keystore } from '../modules/keystore/keystore.service.js';
import type { OutboundFetch } from './outbound/outbound-fetch.js';

/** What every module gets: configuration, database and the shared services. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  tokens: TokenService;
  users: UsersRepository;
  bus: EventBus;
  keystore: Keystore;
  /** every fetch the server makes for a user (platform/outbound/outbound-fetch.ts) */
  outbound: OutboundFetch;
  log: FastifyBaseLogger;
}
