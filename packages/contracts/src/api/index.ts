import type {
  collectionRequestsContract,
  dataTypesContract,
  secretsContract,
  processBucketsContract,
  processesContract,
  processImagesContract,
  processVersionsContract,
  softwareDependenciesContract,
  workflowOperations,
  workflowsContract,
  workspacesContract,
} from './knowledge.js';
import type { mepProductOperations } from './mep-products.js';
import type { keystoreOperations } from './keystore.js';
import type { usermgrOperations } from './usermgr.js';
import type { procimpOperations } from './procimp.js';
import type { tilesOperations } from './tiles.js';
import type { instanceOperations } from './instance.js';
import type { catalogueOperations, stacOperations } from './catalogue.js';
import type { catalogueAssetOperations } from './catalogue-assets.js';
import type { extensionSchemaOperations, productSourceOperations } from './catalogue-sources.js';
import type { catalogueIngestOperations } from './catalogue-ingest.js';
import type { ogcapiOperations } from './ogcapi.js';
import type { marketplaceOperations } from './marketplace.js';
import type { modelOperations, seldonTasksContract } from './models.js';
import type { adesTasksContract, applicationOperations, catalogueCollectionsContract } from './applications.js';
import type { dashboardOperations, dashboardsContract } from './dashboards.js';
import type { adminOperations } from './admin.js';
import type { thumbnailOperations } from './thumbnails.js';
import type {
  builderWorkspaceOperations,
  executionOperations,
  executionsContract,
  jobsContract,
  scheduleOperations,
  schedulesContract,
  tasksContract,
} from './builder.js';

export * from './operation.js';
export * from './resource-operations.js';
export * from './knowledge.js';
export * from './mep-products.js';
export * from './builder.js';
export * from './keystore.js';
export * from './usermgr.js';
export * from './procimp.js';
export * from './tiles.js';
export * from './instance.js';
export * from './catalogue.js';
export * from './catalogue-assets.js';
export * from './catalogue-sources.js';
export * from './catalogue-ingest.js';
export * from './applications.js';
export * from './ogcapi.js';
export * from './marketplace.js';
export * from './models.js';
export * from './dashboards.js';
export * from './admin.js';
export * from './thumbnails.js';

/**
 * Every operation of the API, by key (`"GET /usermgr/v1/users/{username}/"`): the web
 * client's calls are typed from it (apps/web/src/app/api/http.ts). A family's operations
 * are added here when it is written.
 */
export type ApiOperations = typeof usermgrOperations &
  typeof workspacesContract.operations &
  typeof processesContract.operations &
  typeof processBucketsContract.operations &
  typeof processVersionsContract.operations &
  typeof processImagesContract.operations &
  typeof dataTypesContract.operations &
  typeof softwareDependenciesContract.operations &
  typeof workflowsContract.operations &
  typeof workflowOperations &
  typeof collectionRequestsContract.operations &
  typeof mepProductOperations &
  typeof secretsContract.operations &
  typeof dashboardsContract.operations &
  typeof dashboardOperations &
  typeof adminOperations &
  // executions are created with the spec's payload (executionOperations), not a generic write
  Omit<typeof executionsContract.operations, 'POST /builder/v1/executions'> &
  typeof executionOperations &
  typeof builderWorkspaceOperations &
  typeof schedulesContract.operations &
  typeof scheduleOperations &
  typeof tasksContract.operations &
  typeof jobsContract.operations &
  typeof keystoreOperations &
  typeof procimpOperations &
  typeof tilesOperations &
  typeof instanceOperations &
  typeof thumbnailOperations &
  typeof stacOperations &
  typeof catalogueOperations &
  typeof catalogueAssetOperations &
  typeof productSourceOperations &
  typeof extensionSchemaOperations &
  typeof catalogueIngestOperations &
  typeof catalogueCollectionsContract.operations &
  typeof adesTasksContract.operations &
  typeof applicationOperations &
  typeof ogcapiOperations &
  typeof marketplaceOperations &
  typeof modelOperations &
  typeof seldonTasksContract.operations;
