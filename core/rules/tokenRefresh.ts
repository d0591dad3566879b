/**
 * When a company sign-in's access token is refreshed (issue 22 §3): before it expires, with time to spare for
 * a slow identity provider and a clock a little off, but not so early that a short-lived token is refreshed
 * over and over. A token is refreshed once a fifth of its life is left, and at the latest a minute before it
 * expires; a refresh that failed for want of a network is tried again with backoff until the token expires.
 */

/** The most time left when the refresh starts, for a long-lived token. */
export const REFRESH_AHEAD_MAX_MS = 60_000;
/** The least time between obtaining a token and refreshing it: a provider of very short-lived tokens is not hammered. */
export const MIN_REFRESH_DELAY_MS = 5_000;

/**
 * How long from `now` until the token obtained at obtainedAt, valid until expiresAt (ms since the epoch), is
 * refreshed: 0 for one already due (a session kept while the app was closed).
 */
export function refreshDelayMs(obtainedAt: number, expiresAt: number, now: number): number {
  const lifetime = Math.max(0, expiresAt - obtainedAt);
  const ahead = Math.min(REFRESH_AHEAD_MAX_MS, lifetime / 5);
  return Math.max(0, Math.round(Math.max(expiresAt - ahead, obtainedAt + MIN_REFRESH_DELAY_MS) - now));
}
