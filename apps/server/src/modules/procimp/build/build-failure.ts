/** A reason the build fails that the user can act on: it ends the log as is. */
export class BuildFailure extends Error {}

export const INTERRUPTED = 'Build interrupted by a server restart';
