import type { Keystore } from './modules/keystore/keystore.service.js';
import type { UsersRepository } from './modules/usermgr/users.repository.js';
import type { PlatformContext } from './platform/context.js';

/** What every module gets: the platform's context and the services modules share (users, keystore). */
export interface AppContext extends PlatformContext {
  users: UsersRepository;
  keystore: Keystore;
}
