/**
 * The review save (editor spec §2, §4, §8): the reviewed pages are saved one after another, never two at
 * once; each goes Pending -> Saving -> DONE. The first failure stops the run: that item is 'Failed' and the
 * ones after it stay 'Pending', so nothing is saved behind a failure and a retry saves exactly what is left.
 * Pure: the save itself is injected. The at-most-three-pages limit belongs to the caller
 * (multiCountry.ts pickCountriesError); this runner works for any number of items.
 */

export type SaveStatus = 'Pending' | 'Saving' | 'DONE' | 'Failed';

export interface ItemStatus<T> {
  item: T;
  status: SaveStatus;
  /** Why the save failed; only on a 'Failed' item. */
  error?: unknown;
}

/** Saves one item; a rejection (or a throw) fails it. */
export type SaveItem<T> = (item: T, index: number) => Promise<unknown>;

/** Told every change, with a fresh array each time (safe to put into React state). Must not throw. */
export type OnStatus<T> = (statuses: ItemStatus<T>[]) => void;

export function pendingStatuses<T>(items: readonly T[]): ItemStatus<T>[] {
  return items.map((item) => ({ item, status: 'Pending' }));
}

/** Saves every item in order and answers the final statuses. Never rejects because of a failed save. */
export async function runSequentialSave<T>(
  items: readonly T[],
  save: SaveItem<T>,
  onStatus: OnStatus<T> = () => {},
): Promise<ItemStatus<T>[]> {
  return resumeSequentialSave(pendingStatuses(items), save, onStatus);
}

/**
 * Continues a run: items already DONE keep their status and are not saved again; the others are saved in
 * order from Pending, with the same stop-at-first-failure rule. What a retry after a failure calls.
 */
export async function resumeSequentialSave<T>(
  previous: readonly ItemStatus<T>[],
  save: SaveItem<T>,
  onStatus: OnStatus<T> = () => {},
): Promise<ItemStatus<T>[]> {
  let statuses: ItemStatus<T>[] = previous.map(({ item, status }) => ({
    item,
    status: status === 'DONE' ? 'DONE' : 'Pending',
  }));
  const set = (index: number, next: ItemStatus<T>) => {
    statuses = statuses.map((entry, at) => (at === index ? next : entry));
    onStatus(statuses);
  };
  onStatus(statuses);
  for (const [index, entry] of statuses.entries()) {
    if (entry.status === 'DONE') continue;
    set(index, { item: entry.item, status: 'Saving' });
    try {
      // Awaited before the next one starts: the saves never overlap. A save that throws synchronously
      // instead of rejecting fails the same way.
      await save(entry.item, index);
    } catch (error) {
      set(index, { item: entry.item, status: 'Failed', error });
      return statuses;
    }
    set(index, { item: entry.item, status: 'DONE' });
  }
  return statuses;
}

/** The items still to save after a run: every one not DONE, in order. */
export function retryRemaining<T>(statuses: readonly ItemStatus<T>[]): T[] {
  return statuses.filter((entry) => entry.status !== 'DONE').map((entry) => entry.item);
}

/** True when every item was saved: the run's success (spec §8, "Multi-country saving complete."). */
export function allDone<T>(statuses: readonly ItemStatus<T>[]): boolean {
  return statuses.every((entry) => entry.status === 'DONE');
}
