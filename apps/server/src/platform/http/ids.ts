/** The largest id a PostgreSQL integer column holds (packages/contracts, shared with the path schemas). */
export { MAX_ID } from '@asb/contracts';
