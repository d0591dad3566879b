import type { Input } from '../../core/contract';

/*
 * What the two bridges say to each other. The editor's bridge offers each document it loads in the preview
 * frame a MessagePort (PortOffer, the one window message); the preview's bridge answers on the port with the
 * token in its URL (hello), and only then does the port carry anything else.
 */

export const PORT_OFFER = 'studio:commandPort';
export interface PortOffer {
  type: typeof PORT_OFFER;
}

/** A command as the editor posts it: the preview parses it with PreviewCommandSchema (core/preview.ts). */
export type PostedCommand = Input<'postToPreview'>;

/** From the editor: its commands, and the word that the user acted in the preview (focus may enter it). */
export const ACTIVATE = 'studio:activate';
export type ToPreview = PostedCommand | { type: typeof ACTIVATE };

/**
 * From the preview. The editor's bridge checks every field all the same: the preview runs the pages' scripts,
 * and `event` is whatever a script handed window.preview.emit.
 */
export type FromPreview =
  | { kind: 'hello'; token: string }
  | { kind: 'activated' }
  | { kind: 'typed'; key: string }
  | { kind: 'navigate'; url: string }
  | { kind: 'event'; event: unknown };
