/** The largest id a PostgreSQL integer column holds: a bigger one names nothing (and must not reach a query). */
export const MAX_ID = 2_147_483_647;
