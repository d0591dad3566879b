import { readdir } from 'node:fs/promises';
import { join, relative, resolve, sep, isAbsolute } from 'node:path';
import { z } from 'zod';
import { PageContentSchema, PageKeySchema, type PageKey, type VersionSummary } from '../../core/schemas';
import {
  DamagedVersionError,
  InvalidContentError,
  comparePageSummaries,
  conflictOf,
  keyOf,
  matchesPageQuery,
  pageOf,
  pageSummary,
  repeatedSave,
  stampSave,
  versionSummary,
  type ContentStore,
  type LatestResult,
  type PageQuery,
  type Paging,
  type SaveInput,
  type SkippedPage,
  type StoredVersion,
} from '../../core/store';
import { createFileOnce, isMissingFileError } from './atomicFile';
import { createJsonFolder, type JsonFolder } from './jsonFolder';
import { createKeyedQueue } from './keyedQueue';
import { mapLimited } from './mapLimited';
import { LIVE_FILE, createFilesLive, describeFileProblem, type Outcome } from './filesLive';

/**
 * The embedded content store (ARCHITECTURE.md, Data): pages as JSON files under `contentRoot`, at the
 * s3JsonUrl layout `{fascia}/{platform}/{source}/{page}/uat/{country}/`, every saved version kept as
 * v000001.json, v000002.json, ... Version files are written once and never changed. A file that cannot be
 * used is skipped and reported, never overwritten: the next save takes the number after it (issue 11, §7).
 * Each page folder is read as a jsonFolder.ts folder with the 'skip' policy. Its live entries are a file
 * beside the versions (filesLive.ts).
 */

/** Saved pages always get status uat (editor spec §4). */
const STATUS = 'uat';
const VERSION_FILE = /^v(\d{6,})\.json$/;
/** Bounds the files read at once when listing, well below the default open-file limit of macOS (256). */
const LISTING_CONCURRENCY = 16;
/** Tries at a version number before a save gives up when other processes keep taking them first. */
const MAX_SAVE_ATTEMPTS = 10;

const StoredVersionSchema = z.object({
  version: z.number().int().positive(),
  kind: z.enum(['content', 'bookmark']),
  content: PageContentSchema,
  saveId: z.string().optional(),
});

/** What listing, history, conflict checks and save ids need of a version, kept in memory once read. */
interface VersionMeta {
  summary: VersionSummary;
  category: string;
  saveId: string | undefined;
}

export interface FilesStoreOptions {
  /** Told about each damaged version or live file; the default writes a warning to the console. */
  onDamagedFile?: (path: string, reason: string) => void;
}

export function createFilesStore(contentRoot: string, options: FilesStoreOptions = {}): ContentStore {
  const report =
    options.onDamagedFile ?? ((path, reason) => console.warn(`content service: skipping damaged ${path}:`, reason));
  const enqueue = createKeyedQueue();
  // Version files never change once written, so what was read from one stays true. Only the small part
  // listing needs is kept: whole pages would fill memory.
  const metaCache = new Map<string, VersionMeta>();
  // Per page folder: the save ids of its versions up to `scannedUpTo`, so a repeated save is found without
  // reading every version again; versions written since (by another process) are read on the next save.
  const saveIds = new Map<string, { scannedUpTo: number; ids: Map<string, VersionMeta> }>();
  const versionFolders = new Map<string, JsonFolder<StoredVersion>>();
  const live = createFilesLive({ pageFolder, enqueue, versionAt: readMeta, onDamagedFile: report });

  function versionFolder(folder: string): JsonFolder<StoredVersion> {
    let versions = versionFolders.get(folder);
    if (!versions) {
      versions = createJsonFolder({
        dir: folder,
        files: VERSION_FILE,
        schema: StoredVersionSchema,
        policy: 'skip',
        reason: describeFileProblem('a stored version'),
        check: (stored, name) =>
          stored.version === versionOfFile(name) ? null : `it says it is version ${stored.version}`,
        onSkipped: report,
      });
      versionFolders.set(folder, versions);
    }
    return versions;
  }

  function pageFolder(key: PageKey): string {
    const folder = resolve(contentRoot, key.fascia, key.platform, key.source, key.page, STATUS, key.country);
    // PageKeySchema already forbids separators and leading dots; this holds even if that rule is loosened.
    const inside = relative(contentRoot, folder);
    if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
      throw new InvalidContentError('The page key points outside the content folder.');
    }
    return folder;
  }

  /** The version numbers of a page folder, newest first. */
  async function versionNumbers(folder: string): Promise<number[]> {
    return (await versionFolder(folder).names()).map(versionOfFile).sort((a, b) => b - a);
  }

  async function readVersion(folder: string, version: number): Promise<Outcome<StoredVersion>> {
    const file = join(folder, versionFileName(version));
    const outcome = await versionFolder(folder).inspect(versionFileName(version));
    if (!outcome) return null;
    if ('damaged' in outcome) {
      metaCache.delete(file);
      return outcome;
    }
    metaCache.set(file, metaOf(outcome.value));
    return { value: outcome.value };
  }

  async function readMeta(folder: string, version: number): Promise<Outcome<VersionMeta>> {
    const cached = metaCache.get(join(folder, versionFileName(version)));
    if (cached) return { value: cached };
    const outcome = await readVersion(folder, version);
    return outcome && 'value' in outcome ? { value: metaOf(outcome.value) } : outcome;
  }

  /** The newest readable content version among `numbers` (newest first), and the damaged ones passed over. */
  async function newestContent(folder: string, numbers: readonly number[]) {
    const skipped: number[] = [];
    for (const number of numbers) {
      const outcome = await readMeta(folder, number);
      if (outcome && 'damaged' in outcome) skipped.push(number);
      else if (outcome?.value.summary.kind === 'content') return { meta: outcome.value, skipped };
    }
    return { meta: null, skipped };
  }

  async function savedBefore(folder: string, numbers: readonly number[], saveId: string): Promise<VersionMeta | null> {
    const index = saveIds.get(folder) ?? { scannedUpTo: 0, ids: new Map<string, VersionMeta>() };
    const unscanned = numbers.filter((number) => number > index.scannedUpTo);
    const outcomes = await mapLimited(unscanned, LISTING_CONCURRENCY, (number) => readMeta(folder, number));
    for (const outcome of outcomes) {
      if (outcome && 'value' in outcome && outcome.value.saveId) index.ids.set(outcome.value.saveId, outcome.value);
    }
    index.scannedUpTo = Math.max(index.scannedUpTo, ...unscanned);
    saveIds.set(folder, index);
    return index.ids.get(saveId) ?? null;
  }

  async function save(unstamped: SaveInput) {
    const input = { ...unstamped, content: stampSave(unstamped.content, new Date()) };
    const folder = pageFolder(keyOf(input.content));
    return enqueue(folder, async () => {
      // Another process on the same folder may take the number between reading and writing; then the save is
      // decided again against what it wrote.
      for (let attempt = 1; ; attempt++) {
        const result = await saveOnce(folder, input, await versionNumbers(folder));
        if (result !== 'number-taken') return result;
        if (attempt === MAX_SAVE_ATTEMPTS)
          throw new Error(`Version numbers of ${folder} kept being taken by another process.`);
      }
    });
  }

  async function saveOnce(folder: string, input: SaveInput, numbers: readonly number[]) {
    const { content, kind, baseHash, saveId } = input;
    if (saveId !== undefined) {
      const earlier = await savedBefore(folder, numbers, saveId);
      if (earlier) return repeatedSave(saveId, earlier.summary, { hash: content.hash, kind });
    }
    if (baseHash !== undefined) {
      const current = await newestContent(folder, numbers);
      const conflict = conflictOf(keyOf(content), baseHash, current.meta?.summary ?? null);
      if (conflict) throw conflict;
    }
    // After the newest file, damaged or not: a damaged file keeps its number and is never written over.
    const version = (numbers[0] ?? 0) + 1;
    const stored: StoredVersion =
      saveId === undefined ? { version, kind, content } : { version, kind, content, saveId };
    if (!(await createFileOnce(join(folder, versionFileName(version)), JSON.stringify(stored)))) return 'number-taken';
    return { version: versionSummary(stored), repeated: false };
  }

  async function latestStored(folder: string, numbers: readonly number[]): Promise<LatestResult> {
    const { meta, skipped } = await newestContent(folder, numbers);
    if (!meta) return { stored: null, skipped };
    const number = meta.summary.version;
    const outcome = await readVersion(folder, number);
    if (outcome && 'value' in outcome) return { stored: outcome.value, skipped };
    // Damaged on disk since it was first read (and remembered): look again without it.
    const others = numbers.filter((other) => other !== number);
    const older = await latestStored(folder, others);
    return { stored: older.stored, skipped: [...skipped, number, ...older.skipped].sort((a, b) => b - a) };
  }

  async function versions(key: PageKey, paging?: Paging) {
    const folder = pageFolder(key);
    const numbers = await versionNumbers(folder);
    const outcomes = await mapLimited(numbers, LISTING_CONCURRENCY, (number) => readMeta(folder, number));
    const skipped = numbers.filter((_, index) => {
      const outcome = outcomes[index];
      return outcome !== null && outcome !== undefined && 'damaged' in outcome;
    });
    const found = outcomes.flatMap((outcome) => (outcome && 'value' in outcome ? [outcome.value.summary] : []));
    return { versions: pageOf(found, paging), total: found.length, skipped };
  }

  async function listPages(query: PageQuery = {}) {
    const pageFolders = new Map<string, { key: PageKey; numbers: number[] }>();
    const withLiveFile = new Set<string>();
    for (const relativePath of await listFilesUnder(contentRoot)) {
      const parts = relativePath.split(sep);
      if (parts.length !== 7 || parts[4] !== STATUS) continue;
      const [fascia, platform, source, page, , country, fileName] = parts;
      if (fileName === LIVE_FILE) withLiveFile.add(join(contentRoot, ...parts.slice(0, 6)));
      const version = versionOfFile(fileName ?? '');
      const key = PageKeySchema.safeParse({ fascia, platform, source, page, country });
      if (!version || !key.success) continue;
      if (query.fascia !== undefined && key.data.fascia !== query.fascia) continue;
      if (query.country !== undefined && key.data.country !== query.country) continue;
      const folder = join(contentRoot, ...parts.slice(0, 6));
      const entry = pageFolders.get(folder) ?? { key: key.data, numbers: [] };
      entry.numbers.push(version);
      pageFolders.set(folder, entry);
    }

    const folders = [...pageFolders].sort(([a], [b]) => (a < b ? -1 : 1));
    const found = await mapLimited(folders, LISTING_CONCURRENCY, async ([folder, { key, numbers }]) => {
      const newestFirst = numbers.sort((a, b) => b - a);
      const { meta, skipped } = await newestContent(folder, newestFirst);
      const summary = meta ? pageSummary(key, meta.category, meta.summary) : null;
      return { key, folder, numbers: newestFirst, skipped, summary };
    });
    const matching = found
      .flatMap((page) =>
        page.summary && matchesPageQuery(page.summary, query) ? [{ ...page, summary: page.summary }] : [],
      )
      .sort((a, b) => comparePageSummaries(a.summary, b.summary));
    // The live state changes neither what is listed nor its order: it is read for the listed pages only.
    const pages = await mapLimited(
      pageOf(matching, query),
      LISTING_CONCURRENCY,
      async ({ summary, folder, numbers }) =>
        withLiveFile.has(folder) ? live.withLiveState(summary, folder, numbers) : summary,
    );
    const skipped: SkippedPage[] = found.flatMap(({ key, skipped }) =>
      skipped.length > 0 ? [{ key, versions: skipped }] : [],
    );
    return { pages, total: matching.length, skipped };
  }

  async function version(key: PageKey, number: number): Promise<StoredVersion | null> {
    const outcome = await readVersion(pageFolder(key), number);
    if (outcome && 'damaged' in outcome) throw new DamagedVersionError(key, number, outcome.damaged);
    return outcome?.value ?? null;
  }

  return {
    save,
    latest: async (key) => {
      const folder = pageFolder(key);
      return latestStored(folder, await versionNumbers(folder));
    },
    versions,
    version,
    listPages,
    goLive: live.goLive,
    rollBack: live.rollBack,
    live: live.live,
    liveHistory: live.liveHistory,
    close: async () => undefined,
  };
}

function metaOf(stored: StoredVersion): VersionMeta {
  return { summary: versionSummary(stored), category: stored.content.category, saveId: stored.saveId };
}

async function listFilesUnder(root: string): Promise<string[]> {
  try {
    return await readdir(root, { recursive: true });
  } catch (error) {
    if (isMissingFileError(error)) return [];
    throw error;
  }
}

function versionOfFile(name: string): number {
  return Number(VERSION_FILE.exec(name)?.[1]);
}

function versionFileName(version: number): string {
  return `v${String(version).padStart(6, '0')}.json`;
}
