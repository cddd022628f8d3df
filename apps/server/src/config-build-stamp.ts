/**
 * When this server was built. tsup writes the time of the build in place of
 * `process.env.ASB_BUILD_TIMESTAMP` (tsup.config.ts `env`), so the bundle carries its own
 * stamp whatever the environment of its start; run from the sources (tsx) there is no build,
 * and the time this module loads stands in.
 */
export const BUILD_TIMESTAMP = process.env.ASB_BUILD_TIMESTAMP ?? new Date().toISOString();
