import { useSyncExternalStore } from 'react';
import { PREVIEW_EVENT_BUDGETS } from '../../../core/previewBudgets';
import { spendBudget, type BudgetState } from '../../../core/rules/messageBudget';
import { emit } from './bridge';

/**
 * One line of the preview console; a message repeated right after itself counts up instead of adding a line.
 * An error was thrown or failed here; a notice comes from the shell (messages it dropped).
 */
export interface ConsoleEntry {
  id: number;
  kind: 'error' | 'notice';
  message: string;
  count: number;
}

/** The schema's limit on a scriptError message (core/preview.ts); longer ones are cut. */
const MAX_MESSAGE = 2000;
const MAX_ENTRIES = 100;
let entries: readonly ConsoleEntry[] = [];
let nextId = 1;
/** A script throwing in a loop must not flood the bridge: the shell's own budget, kept here too. */
let scriptErrorBudget: BudgetState | undefined;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

function emitLimited(message: string): void {
  const spent = spendBudget(scriptErrorBudget, Date.now(), PREVIEW_EVENT_BUDGETS.scriptError);
  scriptErrorBudget = spent.state;
  if (spent.verdict !== 'accept') return;
  try {
    emit({ type: 'scriptError', message });
  } catch {
    // The bridge is gone or was replaced by a page script: the strip still shows it.
  }
}

/** Shows an error in the preview console and tells the editor (a scriptError event). */
export function reportScriptError(raw: string): void {
  if (addEntry('error', raw)) emitLimited(entries.at(-1)!.message);
}

/** Shows a notice from the shell in the preview console; the editor already knows. */
export function reportNotice(message: string): void {
  addEntry('notice', message);
}

/** Whether the message made a new line (rather than counting up the last one). */
function addEntry(kind: ConsoleEntry['kind'], raw: string): boolean {
  const message = raw.length > MAX_MESSAGE ? `${raw.slice(0, MAX_MESSAGE - 1)}…` : raw;
  const last = entries.at(-1);
  const repeated = last !== undefined && last.kind === kind && last.message === message;
  entries = repeated
    ? [...entries.slice(0, -1), { ...last, count: last.count + 1 }]
    : [...entries, { id: nextId++, kind, message, count: 1 }].slice(-MAX_ENTRIES);
  notify();
  return !repeated;
}

/** Empties the strip (Clear), or only the script errors (a new apply): the shell's notices still hold. */
export function clearScriptConsole(only?: ConsoleEntry['kind']): void {
  const kept = only ? entries.filter((entry) => entry.kind !== only) : [];
  if (kept.length === entries.length) return;
  entries = kept;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const getEntries = () => entries;

export const useScriptConsole = (): readonly ConsoleEntry[] => useSyncExternalStore(subscribe, getEntries, getEntries);
