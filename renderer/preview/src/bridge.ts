import { PreviewCommandSchema, type PreviewCommand, type PreviewEvent } from '../../../core/preview';

/** The preview's one narrow bridge, set up by its preload (Electron) or the browser host's bridge script. */
interface PreviewBridge {
  onCommand(listener: (command: unknown) => void): void;
  emit(event: PreviewEvent): void;
  /** Follows a link, if the shell's gate allows it (Links in Preview). */
  navigate(url: string): void;
}

declare global {
  interface Window {
    preview: PreviewBridge;
  }
}

export function onCommand(listener: (command: PreviewCommand) => void): void {
  window.preview.onCommand((raw) => {
    const parsed = PreviewCommandSchema.safeParse(raw);
    if (parsed.success) listener(parsed.data);
    else console.warn('Ignored a malformed preview command', parsed.error.issues);
  });
}

export const emit = (event: PreviewEvent): void => window.preview.emit(event);

export const navigate = (url: string): void => window.preview.navigate(url);
