/** An ADES as the OGC runtime reaches it: its landing page URL (ending with a slash) and its bearer token, if any. */
export interface AdesEndpoint {
  identifier: string;
  url: string;
  token?: string;
}

/** The port through which the engine finds a registered ADES (implemented by the ADES module). */
export interface AdesDirectory {
  find(identifier: string): Promise<AdesEndpoint | undefined>;
}
