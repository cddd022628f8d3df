import Cookies from 'js-cookie';
import { TOKEN_COOKIE, TOKEN_LIFETIME_SECONDS } from '@asb/contracts';

const SECONDS_PER_DAY = 24 * 60 * 60;

/** Spec 1 §4: the token lives in a cookie for 1 day on the whole host (the live socket reads it too). */
export function setTokenCookie(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, {
    expires: TOKEN_LIFETIME_SECONDS / SECONDS_PER_DAY,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}

export function removeTokenCookie(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
