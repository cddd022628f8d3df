export { ResourcesPage } from './ResourcesPage';
