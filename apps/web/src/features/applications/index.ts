export { CatalogueCollectionsPage } from './collections/CatalogueCollectionsPage';
export { CatalogueCollectionPage } from './collections/CatalogueCollectionPage';
export { ApplicationDetailPage } from './detail/ApplicationDetailPage';
export { ExecuteApplicationPage } from './execute/ExecuteApplicationPage';
export { ModelExecutePage } from './model-execute/ModelExecutePage';
