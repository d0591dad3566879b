export type Path = readonly (string | number)[];

/** Returns a copy of `target` with the value at `path` replaced, copying only the objects along the path. */
export function setIn<T>(target: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const container = target as unknown;
  if (Array.isArray(container)) {
    const copy = container.slice();
    copy[head as number] = setIn(copy[head as number], rest, value);
    return copy as T;
  }
  const record = (typeof container === 'object' && container !== null ? container : {}) as Record<string, unknown>;
  return { ...record, [head]: setIn(record[head], rest, value) } as T;
}

/** Moves one item of a list to another index (both clamped), returning a new list. */
/** What an item's own buttons (or keys) do to its list. */
export type ItemAction = 'up' | 'down' | 'duplicate' | 'remove';

/**
 * The list after an item action on the item at `index`: moved one place, duplicated right after itself (the
 * copy made by `copy`), or removed. Applied to a list's values and to its React keys alike, so they stay paired.
 */
export function applyItemAction<T>(list: readonly T[], action: ItemAction, index: number, copy: (item: T) => T): T[] {
  if (action === 'up' || action === 'down') return moveItem(list, index, index + (action === 'up' ? -1 : 1));
  if (action === 'duplicate') return [...list.slice(0, index + 1), copy(list[index] as T), ...list.slice(index + 1)];
  return list.filter((_, i) => i !== index);
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = list.slice();
  if (from < 0 || from >= copy.length) return copy;
  const target = Math.max(0, Math.min(copy.length - 1, to));
  const [item] = copy.splice(from, 1);
  copy.splice(target, 0, item as T);
  return copy;
}
