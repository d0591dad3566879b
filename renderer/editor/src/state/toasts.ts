import { atom, getDefaultStore, useAtomValue } from 'jotai';

export interface Toast {
  id: number;
  message: string;
  tone: 'success' | 'error' | 'info';
}

const toastsAtom = atom<readonly Toast[]>([]);
let nextId = 1;

/** Shows a message for a while; errors stay longer, since they usually need reading. */
export function toast(
  message: string,
  tone: Toast['tone'] = 'success',
  durationMs = tone === 'error' ? 8000 : 4000,
): void {
  const store = getDefaultStore();
  const id = nextId++;
  store.set(toastsAtom, [...store.get(toastsAtom), { id, message, tone }]);
  setTimeout(() => dismissToast(id), durationMs);
}

export function dismissToast(id: number): void {
  const store = getDefaultStore();
  store.set(
    toastsAtom,
    store.get(toastsAtom).filter((t) => t.id !== id),
  );
}

export const useToasts = (): readonly Toast[] => useAtomValue(toastsAtom);
