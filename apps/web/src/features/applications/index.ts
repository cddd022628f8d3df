export { CatalogueCollectionsPage } from './collections/CatalogueCollectionsPage';
export { CatalogueCollectionPage } from './collections/CatalogueCollectionPage';
export { ApplicationDetailPage } from './detail/ApplicationDetailPage';
export { ExecuteApplicationPage } from './execute/ExecuteApplicationPage';
export { ApplicationExecutionsPage } from './monitoring/ApplicationExecutionsPage';
export { ApplicationReportPage } from './monitoring/ApplicationReportPage';
