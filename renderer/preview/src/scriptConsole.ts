import { useSyncExternalStore } from 'react';
import { emit } from './bridge';

/** One line of the preview console; a message repeated right after itself counts up instead of adding a line. */
export interface ConsoleEntry {
  id: number;
  message: string;
  count: number;
}

/** The schema's limit on a scriptError message (core/preview.ts); longer ones are cut. */
const MAX_MESSAGE = 2000;
const MAX_ENTRIES = 100;
/** A script throwing in a loop must not flood the bridge: at most this many events a second. */
const MAX_EVENTS_PER_SECOND = 5;

let entries: readonly ConsoleEntry[] = [];
let nextId = 1;
let eventTimes: number[] = [];
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

function emitLimited(message: string): void {
  const now = Date.now();
  eventTimes = eventTimes.filter((time) => now - time < 1000);
  if (eventTimes.length >= MAX_EVENTS_PER_SECOND) return;
  eventTimes.push(now);
  try {
    emit({ type: 'scriptError', message });
  } catch {
    // The bridge is gone or was replaced by a page script: the strip still shows it.
  }
}

/** Shows an error in the preview console and tells the editor (a scriptError event). */
export function reportScriptError(raw: string): void {
  const message = raw.length > MAX_MESSAGE ? `${raw.slice(0, MAX_MESSAGE - 1)}…` : raw;
  const last = entries.at(-1);
  if (last && last.message === message) {
    entries = [...entries.slice(0, -1), { ...last, count: last.count + 1 }];
  } else {
    entries = [...entries, { id: nextId++, message, count: 1 }].slice(-MAX_ENTRIES);
    emitLimited(message);
  }
  notify();
}

export function clearScriptConsole(): void {
  if (entries.length === 0) return;
  entries = [];
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const getEntries = () => entries;

export const useScriptConsole = (): readonly ConsoleEntry[] => useSyncExternalStore(subscribe, getEntries);
