/**
 * What every channel answers: a value or an error, never a thrown exception across the process boundary
 * (Electron would flatten it to "Error invoking remote method"). No zod here: the preloads import this.
 */
export type StudioErrorCode =
  | 'invalid-input'
  | 'not-found'
  | 'conflict'
  | 'unavailable'
  | 'forbidden'
  // A team content server refused the API token (or none was sent).
  | 'unauthorized'
  | 'failed';

export interface StudioErrorShape {
  code: StudioErrorCode;
  message: string;
  details?: unknown;
}

/**
 * One reason an input was refused, at its place in the input (["serviceUrls", "mesh"]): carried in an
 * invalid-input error's details as `{ issues }`, so a form puts each beside its field without reading the message.
 */
export interface InputIssue {
  path: (string | number)[];
  message: string;
}

export interface InputIssueDetails {
  issues: InputIssue[];
}

/** The issues an error's details carry; none when the details are of another shape. */
export function inputIssuesOf(details: unknown): InputIssue[] {
  if (typeof details !== 'object' || details === null || !Array.isArray((details as { issues?: unknown }).issues))
    return [];
  return (details as { issues: unknown[] }).issues.filter(
    (issue): issue is InputIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as InputIssue).message === 'string' &&
      Array.isArray((issue as InputIssue).path) &&
      (issue as InputIssue).path.every((segment) => typeof segment === 'string' || typeof segment === 'number'),
  );
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: StudioErrorShape };

/** Thrown in the renderer when a channel answers with an error, and by services to choose the error code. */
export class StudioError extends Error {
  constructor(
    readonly code: StudioErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'StudioError';
  }
}

/** Turns a channel's answer into its value, or throws the error it carried. Shared by both API shims. */
export function unwrapResult<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new StudioError(result.error.code, result.error.message, result.error.details);
}
