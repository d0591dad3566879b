/**
 * How long to wait before the next attempt to reach a server that did not answer: doubling from initialMs up
 * to maxMs, with "equal jitter" (half fixed, half random) so that many desktops dropped at once by one server
 * restart do not all come back in the same instant. attempt counts from 0 (the first retry).
 */
export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
}

export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(Math.max(attempt, 0), 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
