export { CollectionRequestsPage } from './CollectionRequestsPage';
export { NewCollectionRequestPage } from './NewCollectionRequestPage';
export { CollectionRequestPage } from './CollectionRequestPage';
