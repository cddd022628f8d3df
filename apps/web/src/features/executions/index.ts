export { ExecutionsPage } from './ExecutionsPage';
export { StatusBadge } from './StatusBadge';
