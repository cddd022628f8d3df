/**
 * Texts for the ?error= codes the server adds when sign-in through the identity
 * provider fails and it sends the browser back to the login page.
 */
const OIDC_ERRORS: Record<string, string> = {
  unavailable: 'The identity provider could not be reached. Please try again later or use a local account.',
  denied: 'Sign-in was cancelled at the identity provider.',
  provider: 'The identity provider reported an error during sign-in.',
  state: 'The sign-in took too long or was started in another window. Please try again.',
  inactive: 'This account is disabled. Please contact an administrator.',
  failed: 'Sign-in through the identity provider failed. Please try again.',
};

export function oidcErrorMessage(code: string | null): string | undefined {
  if (!code) return undefined;
  return OIDC_ERRORS[code] ?? OIDC_ERRORS.failed;
}
