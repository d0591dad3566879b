import { randomUUID } from 'node:crypto';
import type { ConflictedMerge } from '../../core/conflictedMerge';
import { StudioError } from '../../core/result';
import type { MergeDocument } from '../../core/rules/merge/documentMerge';
import { saveMerging, type MergeNotice, type MergingSaveSteps } from '../../core/rules/merge/mergingSave';
import { buildPageContent, documentHash, metaFromPage } from '../../core/rules/page';
import { quote } from '../../core/rules/quote';
import type { PageContent, PageKey, VersionSummary } from '../../core/schemas';
import type { PendingSave } from '../../core/team';
import type { PageVersion, StoredVersion, VersionListing } from './contentClient';

/**
 * Saves that merge (issue 23 §2). A save that meets a newer version (the service's 409) is merged with the base
 * the editor started from and that version by the core's saveMerging, and the merged page is sent over the
 * version it was merged with; only fields changed two ways come back, for a person to settle.
 *
 * Where the merge runs: on the desktop, in main, with the core functions, for the embedded store and the team
 * server alike (main/host/handlers.ts saveContent, and the outbox's replay in outboxSync.ts). The desktop holds
 * the base the editor started from and the draft, the person who must settle a clash sits there, and the outbox
 * replays there; the server stays a plain judge (compare-and-set on the base hash: 409 for a stale base), which
 * keeps its CPU per save low. No save is written over a version the loop has not merged with, and the rounds
 * are bounded (MAX_MERGE_ROUNDS, then 'still-changing').
 */

/** A save the service made (repeated: the save id had made it before). */
export type SavedAnswer = { status: 'saved'; version: VersionSummary; repeated?: boolean };
/** A save kept in the outbox for a team server out of reach (the handlers' service; the outbox's never queues). */
export type QueuedAnswer = { status: 'queued'; pending: PendingSave; message: string };

/** The content service a save goes to, as the handlers (offline-aware) or the outbox's replay reach it. */
export interface MergingSaveService<Queued extends QueuedAnswer = never> {
  /** Sends the page over baseHash; a newer version throws the 409's StudioError 'conflict'. */
  send(key: PageKey, page: PageContent, baseHash: string | null, saveId: string): Promise<SavedAnswer | Queued>;
  loadPage(key: PageKey): Promise<Pick<PageVersion, 'content' | 'version'> | null>;
  listVersions(key: PageKey): Promise<Pick<VersionListing, 'versions'>>;
  loadVersion(key: PageKey, version: number): Promise<Pick<StoredVersion, 'content'> | null>;
  /** This computer's copy of the page as it was at `hash` (team mode: outboxSync's localCopy), tried first. */
  localCopy?(key: PageKey, hash: string): Promise<PageContent | null>;
}

/** The save as the editor made it: `page` carries their document, message and author. */
export interface PageSave {
  key: PageKey;
  page: PageContent;
  baseHash: string | null;
  saveId: string;
}

/** page: what the service holds now (the merged page when merged), or what waits in the outbox. */
export type MergingSaveAnswer<Queued extends QueuedAnswer = never> =
  | { status: 'saved'; version: VersionSummary; repeated: boolean; merged: MergeNotice | null; page: PageContent }
  | (Queued & { page: PageContent })
  | { status: 'conflicts'; merge: ConflictedMerge }
  | { status: 'still-changing'; message: string };

export function documentOf(page: PageContent): MergeDocument {
  return { meta: metaFromPage(page), components: page.content };
}

/** The same save (author, message, address) carrying another document: a merged or a settled one. */
export function pageWith(page: PageContent, document: MergeDocument): PageContent {
  return buildPageContent({
    key: page,
    meta: document.meta,
    components: document.components,
    author: page.author,
    commitMessage: page.commitMessage,
    apiUrl: page.apiUrl,
    now: new Date(page.timestamp),
  });
}

const isConflict = (error: unknown): boolean => error instanceof StudioError && error.code === 'conflict';

/** Ends the merge: the service went out of reach and queued the merged page; the outbox takes it from here. */
class QueuedWhileMerging extends Error {}

const isQueued = <Queued extends QueuedAnswer>(answer: SavedAnswer | Queued): answer is Queued =>
  answer.status === 'queued';

/**
 * The version the editor started from (hash baseHash), whole: this computer's copy when it is that version,
 * else the service's versions of the page (it keeps every one). null for a page that was new; undefined when
 * no version has that hash any more.
 */
async function findBase(
  service: Pick<MergingSaveService, 'localCopy' | 'listVersions' | 'loadVersion'>,
  key: PageKey,
  baseHash: string | null,
): Promise<{ document: MergeDocument; hash: string } | null | undefined> {
  if (baseHash === null) return null;
  const copy = await service.localCopy?.(key, baseHash);
  if (copy) return { document: documentOf(copy), hash: baseHash };
  // Newest first, content before bookmarks: a bookmark of the same components may hold other page options. The
  // hash is of the components only, so versions that changed page options alone share it: the newest is taken.
  const { versions } = await service.listVersions(key);
  const found =
    versions.find((version) => version.hash === baseHash && version.kind === 'content') ??
    versions.find((version) => version.hash === baseHash);
  const stored = found && (await service.loadVersion(key, found.version));
  return stored ? { document: documentOf(stored.content), hash: baseHash } : undefined;
}

/**
 * Sends the save; should the service answer that a newer version exists, merges (saveMerging) and sends the
 * merged page. A base that cannot be found any more leaves the conflict to the editor, as before merging: the
 * 409's StudioError is thrown. Merged pages are sent with fresh save ids (each is a new document); the editor's
 * own document keeps its id, so a repeat after a lost answer is still answered as one.
 */
export async function saveWithMerge<Queued extends QueuedAnswer = never>(
  service: MergingSaveService<Queued>,
  save: PageSave,
): Promise<MergingSaveAnswer<Queued>> {
  const { key, page } = save;
  try {
    const sent = await service.send(key, page, save.baseHash, save.saveId);
    return isQueued(sent)
      ? { ...sent, page }
      : { status: 'saved', version: sent.version, repeated: sent.repeated ?? false, merged: null, page };
  } catch (error) {
    if (!isConflict(error)) throw error;
    const base = await findBase(service, key, save.baseHash);
    if (base === undefined) throw error;
    return mergeAndSave(service, save, base);
  }
}

async function mergeAndSave<Queued extends QueuedAnswer>(
  service: MergingSaveService<Queued>,
  save: PageSave,
  base: { document: MergeDocument; hash: string } | null,
): Promise<MergingSaveAnswer<Queued>> {
  const mine = documentOf(save.page);
  const mineHash = documentHash(mine.meta, mine.components);
  let sent = save.page;
  let repeated = false;
  const stopped: { queued?: Queued } = {};
  // saveMerging's first round sends mine over the base again: the 409 just received answered the same, but the
  // loop stays the core's, whole, and a stale save costs the server only a hash comparison.
  const steps: MergingSaveSteps = {
    async send(document, baseHash) {
      sent = pageWith(save.page, document);
      const saveId = documentHash(document.meta, document.components) === mineHash ? save.saveId : randomUUID();
      try {
        const answer = await service.send(save.key, sent, baseHash, saveId);
        if (isQueued(answer)) {
          stopped.queued = answer;
          throw new QueuedWhileMerging();
        }
        repeated = answer.repeated ?? false;
        return { status: 'saved', version: answer.version };
      } catch (error) {
        if (isConflict(error)) return { status: 'stale' };
        throw error;
      }
    },
    async latest() {
      const latest = await service.loadPage(save.key);
      if (!latest) throw new StudioError('not-found', `${quote(save.key.page)} is no longer on the content service.`);
      return { document: documentOf(latest.content), version: latest.version };
    },
  };
  try {
    const outcome = await saveMerging(steps, base, mine);
    switch (outcome.status) {
      case 'saved':
        return { ...outcome, repeated, page: sent };
      case 'conflicts': {
        const { base: mergeBase, theirs, mine: sentMine, result } = outcome;
        return { status: 'conflicts', merge: { base: mergeBase, theirs, mine: sentMine, result } };
      }
      case 'still-changing':
        return outcome;
    }
  } catch (error) {
    if (error instanceof QueuedWhileMerging && stopped.queued) return { ...stopped.queued, page: sent };
    throw error;
  }
}
