export { ApiReferencePage } from './ApiReferencePage';
