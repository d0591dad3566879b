/**
 * The rate budget of one message type (issue 11, message floods): at most `max` messages in each window of
 * `perMs` milliseconds; the excess is dropped. The first drop of a flood asks for one notice; the flood ends
 * after a whole window passes with nothing dropped.
 */
export interface MessageBudget {
  max: number;
  perMs: number;
}

export interface BudgetState {
  windowStart: number;
  used: number;
  dropped: number;
  flooding: boolean;
}

export type BudgetVerdict = 'accept' | 'drop' | 'drop-and-notify';

export function spendBudget(
  state: BudgetState | undefined,
  now: number,
  budget: MessageBudget,
): { state: BudgetState; verdict: BudgetVerdict } {
  let current = state ?? { windowStart: now, used: 0, dropped: 0, flooding: false };
  if (now - current.windowStart >= budget.perMs || now < current.windowStart) {
    // A new window; the flood is over only when the window before dropped nothing.
    current = { windowStart: now, used: 0, dropped: 0, flooding: current.flooding && current.dropped > 0 };
  }
  if (current.used < budget.max) return { state: { ...current, used: current.used + 1 }, verdict: 'accept' };
  const verdict = current.flooding ? 'drop' : 'drop-and-notify';
  return { state: { ...current, dropped: current.dropped + 1, flooding: true }, verdict };
}

/**
 * Which budget a message from the preview spends: its type's, or `malformed` for anything of no known type.
 */
export function budgetKey(message: unknown, budgets: Readonly<Record<string, unknown>>): string {
  const type = typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
  return typeof type === 'string' && type !== 'malformed' && Object.hasOwn(budgets, type) ? type : 'malformed';
}

/** The one console notice of a flood, in the preview's console strip. */
export function budgetNotice(type: string, budget: MessageBudget): string {
  const window = budget.perMs >= 1000 ? `${budget.perMs / 1000} s` : `${budget.perMs} ms`;
  return type === 'malformed'
    ? `Storefront Studio dropped messages from the preview that it does not understand.`
    : `Storefront Studio dropped "${type}" messages from the preview: more than ${budget.max} in ${window}. Further ones are dropped without a notice.`;
}
