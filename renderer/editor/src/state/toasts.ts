import { atom, getDefaultStore, useAtomValue } from 'jotai';

export interface Toast {
  id: number;
  message: string;
  tone: 'success' | 'error' | 'info';
  /** How long it shows; Radix pauses the count while the pointer or focus is on the toasts. */
  durationMs: number;
  /** A toast of the same group replaces the one before (repeated undos show only the last). */
  group?: string;
  /** A button beside the message, e.g. Review after a merged save. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  /** What the button does, said to screen readers with the toast (Radix's altText). */
  description: string;
  run(): void;
}

const toastsAtom = atom<readonly Toast[]>([]);
let nextId = 1;

/** Shows a message for a while; errors stay longer, since they usually need reading. */
export function toast(
  message: string,
  tone: Toast['tone'] = 'success',
  durationMs = tone === 'error' ? 8000 : 4000,
  group?: string,
  action?: ToastAction,
): void {
  const store = getDefaultStore();
  const others = store.get(toastsAtom).filter((t) => group === undefined || t.group !== group);
  store.set(toastsAtom, [...others, { id: nextId++, message, tone, durationMs, group, action }]);
}

export function dismissToast(id: number): void {
  const store = getDefaultStore();
  store.set(
    toastsAtom,
    store.get(toastsAtom).filter((t) => t.id !== id),
  );
}

export const useToasts = (): readonly Toast[] => useAtomValue(toastsAtom);
