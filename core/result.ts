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
