export { SecretsPage } from './SecretsPage';
