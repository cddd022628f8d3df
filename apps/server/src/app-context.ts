import type { AdesDirectory } from './engine/runtime/ades-directory.js';
import type { ApplicationStore } from './modules/applications/application-store.js';
import type { CatalogueStore } from './modules/catalogue/catalogue-store.js';
import type { Keystore } from './modules/keystore/keystore.service.js';
import type { UserSecrets } from './modules/secrets/user-secrets.js';
import type { ModelRuns } from './modules/models/model-runs.js';
import type { UsersRepository } from './modules/usermgr/users.repository.js';
import type { PlatformContext } from './platform/context.js';

/** What every module gets: the platform's context and the services modules share (users, keystore, catalogue). */
export interface AppContext extends PlatformContext {
  users: UsersRepository;
  keystore: Keystore;
  /** users' secrets (modules/secrets): an execution's input may name one, which the engine hands to its task */
  secrets: UserSecrets;
  /** the resource catalogue's store (modules/catalogue): the demo seeds it, the engine and the tile service read it */
  catalogue: CatalogueStore;
  /** the registered ADES (modules/ades): an application execution's target is checked against it, the OGC runtime reaches it */
  ades: AdesDirectory;
  /** catalogue collections' applications (modules/applications): the execute route and /ogcapi run them */
  applications: ApplicationStore;
  /** models' training runs (modules/models): the demo records its classifier's, the model pages read them */
  modelRuns: ModelRuns;
}
