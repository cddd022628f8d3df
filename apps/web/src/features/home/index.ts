export { HomePage } from './HomePage';
export { IndexPage } from './IndexPage';
