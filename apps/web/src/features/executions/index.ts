export { ExecutionsPage } from './ExecutionsPage';
