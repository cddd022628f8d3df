export { CatalogueCollectionsPage } from './collections/CatalogueCollectionsPage';
export { CatalogueCollectionPage } from './collections/CatalogueCollectionPage';
export { ApplicationDetailPage } from './detail/ApplicationDetailPage';
export { ExecuteApplicationPage } from './execute/ExecuteApplicationPage';
export { ApplicationExecutionsPage, ModelExecutionsPage } from './monitoring/TaskExecutionsPage';
export { ApplicationReportPage, ModelReportPage } from './monitoring/TaskReportPage';
export { ModelExecutePage } from './model-execute/ModelExecutePage';
