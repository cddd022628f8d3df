/** Business constants of spec 1 §9 and spec 2 §9. */
export const APP_BASE_PATH = '/asb/';
export const PAGE_SIZE = 20;
/** How far past a page's first row a resource list counts exactly (meta.pagination.capped beyond). */
export const LIST_COUNT_CAP = 1000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const MAX_WORKSPACE_BADGES = 3;
export const MAX_NOTIFICATIONS = 3;
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
export const TOKEN_COOKIE = 'token';
/** Spec 1 §6: the readable cookie whose value writes made with the token cookie send back as CSRF_HEADER. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const MIN_PASSWORD_LENGTH = 8;
export const LIVE_RECONNECT_ATTEMPTS = 5;
export const LIVE_RECONNECT_DELAY_MS = 1000;

export const NOTIFY_MS = {
  success: 5_000,
  error: 20_000,
  short: 3_000,
  copy: 2_000,
} as const;
