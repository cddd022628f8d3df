export { ProductsPage } from './ProductsPage';
export { DatasetDetailPage, ModelDetailPage } from './item-page/CatalogueItemPage';
