import type { dataTypesContract, softwareDependenciesContract } from './knowledge.js';
import type { usermgrOperations } from './usermgr.js';

export * from './operation.js';
export * from './resource-operations.js';
export * from './knowledge.js';
export * from './usermgr.js';

/**
 * Every operation of the API, by key (`"GET /usermgr/v1/users/{username}/"`): the web
 * client's calls are typed from it (apps/web/src/app/api/http.ts). A family's operations
 * are added here when it is written.
 */
export type ApiOperations = typeof usermgrOperations & typeof dataTypesContract.operations &
  typeof softwareDependenciesContract.operations;
