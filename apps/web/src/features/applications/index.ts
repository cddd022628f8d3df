export { CatalogueCollectionsPage } from './collections/CatalogueCollectionsPage';
export { CatalogueCollectionPage } from './collections/CatalogueCollectionPage';
export { ApplicationDetailPage } from './detail/ApplicationDetailPage';
