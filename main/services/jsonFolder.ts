import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { describeIssues } from '../../core/contract';
import { StudioError } from '../../core/result';
import { errorMessage } from '../../core/rules/errorMessage';
import { parseJsonWithLimits } from '../../core/rules/jsonLimits';
import { isMissingFileError, keepDamagedFile } from './atomicFile';

/**
 * One folder of JSON files in the data folder (drafts/, outbox/, page-cache/, each page folder of the
 * embedded content store): lists its files, reads and validates each with zod (within the JSON depth and size
 * limits), and handles one it cannot read by the folder's named policy (README, "Settings and data" and
 * "Team mode and offline saving"):
 * - 'move-to-damaged': moved to <folder>/damaged/, never written over, and listed for the dashboard (drafts);
 *   a file that cannot even be read is left and the read fails with the reason.
 * - 'leave-in-place': left where it is and never deleted, said once in the log (the outbox: it is work not sent).
 * - 'skip': left where it is and passed over each time it is read, each time told to `onSkipped` (the content
 *   store: a damaged version keeps its number, and the store's answers name it as skipped); a file that cannot
 *   even be read fails the read with the reason.
 * - 'ignore': passed over in silence (the page cache: only a copy, written again on the next visit).
 */
export type DamagedFilePolicy = 'move-to-damaged' | 'leave-in-place' | 'skip' | 'ignore';

/** What was wrong with a file, for the folder to say in its own words. */
export type FileProblem =
  | { kind: 'unreadable'; error: unknown }
  | { kind: 'not-json'; message: string; error: unknown }
  | { kind: 'invalid'; issues: string }
  | { kind: 'check'; reason: string };

export interface JsonFolderOptions<T> {
  dir: string;
  /** Its files' names; anything else there (temporary files, damaged/, journals) is not listed. */
  files: RegExp;
  schema: z.ZodType<T>;
  policy: DamagedFilePolicy;
  /** Why a file is refused, in this folder's words. */
  reason(problem: FileProblem, path: string): string;
  /** A further check of a file that parsed (a draft in the file named after its bookmark): why not, or null. */
  check?(value: T, name: string): string | null;
  log?(message: string): void;
  /** 'skip': told about a damaged file each time it is passed over. */
  onSkipped?(path: string, reason: string): void;
  now?: () => Date;
}

/** A file moved aside ('move-to-damaged'), and where it is now (its own path when moving it failed). */
export interface SetAsideFile {
  file: string;
  keptAt: string;
  reason: string;
}

export interface JsonFolder<T> {
  /** Its files' names, sorted; none while the folder does not exist. */
  names(): Promise<string[]>;
  /** A file's value and text; null when it does not exist or is damaged (then handled by the policy). */
  read(name: string): Promise<{ value: T; text: string } | null>;
  /** As read, but a damaged file gives why it was refused, in the folder's words, instead of null. */
  inspect(name: string): Promise<{ value: T; text: string } | { damaged: string } | null>;
  /** A file's text, null when it does not exist; 'unreadable' otherwise, as the policy says. */
  readText(path: string): Promise<string | null>;
  /** Applies the policy to a file of the folder found damaged (a draft's journal). */
  damaged(path: string, reason: string): void;
  /** A damaged file that could not be moved aside is never written over while it is there. */
  isStuck(path: string): boolean;
  refuseIfStuck(path: string): void;
  setAside(): SetAsideFile[];
}

/** Where 'move-to-damaged' keeps files, inside the folder, for an editor or support to recover by hand. */
export const DAMAGED_FOLDER = 'damaged';

export function createJsonFolder<T>(options: JsonFolderOptions<T>): JsonFolder<T> {
  const { dir, policy } = options;
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const kept: SetAsideFile[] = [];
  // 'move-to-damaged': files that could not be moved either; 'leave-in-place': files already said.
  const stuck = new Set<string>();
  const reported = new Set<string>();

  function damaged(path: string, reason: string): void {
    if (policy === 'ignore') return;
    if (policy === 'skip') {
      options.onSkipped?.(path, reason);
      return;
    }
    if (policy === 'leave-in-place') {
      if (!reported.has(path)) log(`${path} ${reason}; it is left in place.`);
      reported.add(path);
      return;
    }
    let keptAt = path;
    try {
      keptAt = keepDamagedFile(path, join(dir, DAMAGED_FOLDER), now());
    } catch (error) {
      stuck.add(path);
      reason = `${reason}; moving it aside failed: ${errorMessage(error)}`;
    }
    log(`${path} could not be read (${reason}); kept at ${keptAt}`);
    kept.push({ file: path, keptAt, reason });
  }

  async function readText(path: string): Promise<string | null> {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      if (isMissingFileError(error)) return null;
      const reason = options.reason({ kind: 'unreadable', error }, path);
      // Left where it is, and nothing is written over it: the read fails with the reason instead.
      if (policy === 'move-to-damaged' || policy === 'skip') throw new StudioError('failed', reason);
      damaged(path, reason);
      return null;
    }
  }

  async function inspect(name: string): Promise<{ value: T; text: string } | { damaged: string } | null> {
    const path = join(dir, name);
    const text = await readText(path);
    if (text === null) return null;
    const refuse = (problem: FileProblem) => {
      const reason = options.reason(problem, path);
      damaged(path, reason);
      return { damaged: reason };
    };
    let raw: unknown;
    try {
      raw = parseJsonWithLimits(text);
    } catch (error) {
      return refuse({ kind: 'not-json', message: `${path} does not hold valid JSON: ${errorMessage(error)}`, error });
    }
    const parsed = options.schema.safeParse(raw);
    if (!parsed.success) return refuse({ kind: 'invalid', issues: describeIssues(parsed.error) });
    const refused = options.check?.(parsed.data, name);
    if (refused) return refuse({ kind: 'check', reason: refused });
    return { value: parsed.data, text };
  }

  return {
    async names() {
      try {
        return (await readdir(dir)).filter((name) => options.files.test(name)).sort();
      } catch (error) {
        if (isMissingFileError(error)) return [];
        throw error;
      }
    },

    async read(name) {
      const found = await inspect(name);
      return found && 'value' in found ? found : null;
    },

    inspect,
    readText,
    damaged,
    isStuck: (path) => stuck.has(path),
    refuseIfStuck(path) {
      if (!stuck.has(path)) return;
      if (existsSync(path)) {
        throw new StudioError(
          'failed',
          `${path} could not be read or moved aside, so it is not written over. Move it away to go on.`,
        );
      }
      stuck.delete(path);
    },
    // Files are read side by side, so they are set aside in any order: listed by path, the same every time.
    setAside: () => [...kept].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
  };
}
