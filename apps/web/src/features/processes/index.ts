export { ProcessesPage } from './list/ProcessesPage';
export { ProcessPage } from './process/ProcessPage';
export { BucketPage } from './bucket/BucketPage';
export { WrapperGeneratorPage } from './wrapper/WrapperGeneratorPage';
export { ProcessVersionsPage } from './versions/ProcessVersionsPage';
export { ProcessBucketsPage } from './versions/ProcessBucketsPage';
export { RepositoryBrowserPage } from './repository/RepositoryBrowserPage';
