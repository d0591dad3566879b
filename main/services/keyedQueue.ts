/**
 * Runs tasks that share a key one after another, in the order they were queued; tasks with different keys
 * run concurrently. Used where the last writer must win (draft autosaves) or where a number is read and then
 * claimed (version numbers), so two calls for the same key can never interleave.
 */
export function createKeyedQueue(): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return (key, task) => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(task);
    // The tail never rejects, so a failed task does not stop the ones queued after it.
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      // Forget idle keys so the map does not grow with every page ever saved.
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
