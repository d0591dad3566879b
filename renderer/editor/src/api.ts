import type { Channel } from '../../../core/channels';
import type { Input, Output, StudioBridge } from '../../../core/contract';
import { EditorPreviewEventSchema, type EditorPreviewEvent } from '../../../core/preview';
import { unwrapResult, type Result } from '../../../core/result';
import { TeamEventSchema, type TeamEvent } from '../../../core/team';

declare global {
  interface Window {
    studio: StudioBridge;
  }
}

/** Calls a channel of main; resolves with its value or rejects with a StudioError carrying the error code. */
export async function call<C extends Channel>(channel: C, input: Input<C>): Promise<Output<C>> {
  // Indexing a mapped type by a generic key loses the per-channel pairing; the contract guarantees it.
  const bridge = window.studio[channel] as unknown as (value: Input<C>) => Promise<Result<Output<C>>>;
  return unwrapResult(await bridge(input));
}

/** Preview events (and the shell's notes on the preview), parsed: whatever runs in the preview is not trusted. */
export function onPreviewEvent(listener: (event: EditorPreviewEvent) => void): () => void {
  return window.studio.onPreviewEvent((raw) => {
    const parsed = EditorPreviewEventSchema.safeParse(raw);
    if (parsed.success) listener(parsed.data);
  });
}

/** Team events pushed by main (core/team.ts), parsed; one that does not match the schema is dropped. */
export function onTeamEvent(listener: (event: TeamEvent) => void): () => void {
  return window.studio.onTeamEvent((raw) => {
    const parsed = TeamEventSchema.safeParse(raw);
    if (parsed.success) listener(parsed.data);
  });
}

export { errorMessage } from '../../../core/rules/errorMessage';
