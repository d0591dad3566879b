import { z } from 'zod';
import type { Channel } from './channels';
import type { InputIssueDetails, Result } from './result';
import { PreviewCommandSchema } from './preview';
import { DamagedFileSchema } from './damagedFiles';
import { MAX_QUOTED_CHARS, quote } from './rules/quote';
import { DraftDeltaSchema } from './rules/draftJournal';
import { MergeNoticeSchema } from './rules/merge/mergingSave';
import { ConflictedMergeSchema } from './conflictedMerge';
import { SettingsPatchSchema, SettingsSchema } from './settings';
import { GoLiveRequestSchema, LiveAnswerSchema, LiveHistoryAnswerSchema, RollBackRequestSchema } from './live';
import {
  ChangeReleaseItemsRequestSchema,
  CreateReleaseRequestSchema,
  ReleaseAnswerSchema,
  ReleaseIdRequestSchema,
  ReleaseListAnswerSchema,
  RollBackReleaseRequestSchema,
  ScheduleReleaseRequestSchema,
} from './releases';
import {
  PendingSaveSchema,
  PresenceEntrySchema,
  CompanySignInFormSchema,
  CompanySignInStartSchema,
  TeamConnectionTestSchema,
  TeamServerFormSchema,
  TeamStatusSchema,
  UserPermissionsSchema,
  type TeamEvent,
} from './team';
import { AuditEntrySchema, MAX_LIST_LIMIT, PageListQuerySchema, PresenceFocusSchema } from './teamProtocol';
import {
  CategoryProductsSchema,
  CategoryTreeSchema,
  FhSearchSchema,
  LandingPagesSchema,
  MeshSearchSchema,
} from './meshSchemas';
import {
  CountryCodeSchema,
  DraftSchema,
  EmailSchema,
  isWellFormedText,
  NOT_WELL_FORMED,
  PageKeySchema,
  PageMetaSchema,
  PageSummarySchema,
  ProductDetailsSchema,
  ComponentListSchema,
  ComponentSchema,
  VersionSummarySchema,
} from './schemas';

export type { Settings } from './settings';

export const DraftSummarySchema = z.object({
  bookmark: z.string(),
  key: PageKeySchema,
  category: z.string(),
  updatedAt: z.string(),
  dirty: z.boolean(),
});
export type DraftSummary = z.infer<typeof DraftSummarySchema>;

const empty = z.object({});

/**
 * Every channel between the renderer and main, each once, with its request and response schema.
 * Main parses every request with `input`; the renderer's API types come from here.
 */
export const contract = {
  getSession: { input: empty, output: z.object({ user: z.string().nullable() }) },
  signIn: { input: z.object({ email: EmailSchema }), output: z.object({ user: z.string() }) },
  getSettings: { input: empty, output: SettingsSchema },
  updateSettings: {
    input: SettingsPatchSchema,
    output: SettingsSchema,
  },
  listPages: {
    // The dashboard's filters and one page of the saved pages (the drafts come whole with every page).
    input: PageListQuerySchema.pick({ fascia: true, country: true, text: true }).extend({
      limit: z.number().int().min(1).max(MAX_LIST_LIMIT).optional(),
      offset: z.number().int().min(0).max(1_000_000_000).optional(),
    }),
    // pagesError: the content service could not be reached; drafts are still listed so work goes on offline.
    output: z.object({
      pages: z.array(PageSummarySchema),
      // How many saved pages match the filters in all (pages holds one page of them).
      total: z.number().int().nonnegative().optional(),
      drafts: z.array(DraftSummarySchema),
      pagesError: z.string().nullable(),
      // Drafts and settings files that could not be read, and where each was kept (the dashboard says so).
      damagedFiles: z.array(DamagedFileSchema),
      // Saved versions the content service could not read and passed over, per page (issue 11, §7).
      skippedVersions: z
        .array(z.object({ key: PageKeySchema, versions: z.array(z.number().int().positive()) }))
        .optional(),
      // Team mode: the server could not be reached and pages come from this computer's cache of opened pages.
      offline: z.boolean().optional(),
      // Saves waiting in the outbox (the dashboard marks their pages).
      pendingSaves: z.array(PendingSaveSchema).optional(),
    }),
  },
  openPage: {
    input: z.object({ key: PageKeySchema, category: z.string().optional() }),
    // skippedVersions: newer saved versions that could not be read; the page opened at the newest good one.
    output: z.object({
      draft: DraftSchema,
      origin: z.enum(['draft', 'saved', 'new']),
      skippedVersions: z.array(z.number().int().positive()).optional(),
    }),
  },
  /**
   * The draft the editor opens. `revision` names it for the editor's first saveDraftDelta (issue 17); null
   * when the editor must write the whole draft first.
   */
  getDraft: {
    input: z.object({ bookmark: z.string().min(1) }),
    output: z.object({ draft: DraftSchema.nullable(), revision: z.string().nullable() }),
  },
  /**
   * The whole draft: the first autosave of a page, and whenever main has no base for a delta. `revision`
   * names what was written, for the next saveDraftDelta to build on.
   */
  saveDraft: {
    input: z.object({ draft: DraftSchema }),
    output: z.object({ updatedAt: z.string(), revision: z.string() }),
  },
  /**
   * Only what changed since the draft written at revision `base` (core/rules/draftJournal.ts, issue 17).
   * 'no-base': main does not hold that draft (removed, damaged, written since, or main restarted); the
   * editor sends the whole draft with saveDraft instead. Nothing is written then.
   */
  saveDraftDelta: {
    input: z.object({ key: PageKeySchema, base: z.string().min(1).max(100), delta: DraftDeltaSchema }),
    output: z.discriminatedUnion('status', [
      z.object({ status: z.literal('saved'), updatedAt: z.string(), revision: z.string() }),
      z.object({ status: z.literal('no-base') }),
    ]),
  },
  discardDraft: { input: z.object({ bookmark: z.string().min(1) }), output: empty },
  saveContent: {
    input: z.object({
      key: PageKeySchema,
      meta: PageMetaSchema,
      components: ComponentListSchema,
      baseHash: z.string().nullable(),
      commitMessage: z.string(),
    }),
    /**
     * A save that meets a newer version is merged by main with the base (the version whose hash is baseHash)
     * and that version (issue 23 §2):
     * - 'saved': the service made the version. merged: null for a plain save; else the automatic merge it
     *   took (its one-line notice: mergedMessage in core/rules/merge/mergingSave.ts). The version then holds
     *   the merged page, not the document sent: an editor that stays on the page loads it (loadVersion).
     * - 'queued' (team mode, server unreachable, or earlier saves of the page still wait): recorded in the
     *   outbox, which merges it on replay; message is QUEUED_SAVE_MESSAGE for the toast, and pending.hash is
     *   the document's new base (the draft is kept with it until the server acknowledges the save).
     * - 'conflicts': the merge met fields changed two ways; nothing was written and the draft is untouched.
     *   Once a person settled them (resolveConflicts), the editor calls saveContent again with the settled
     *   document and baseHash = merge.theirs.version.hash; should yet another version have landed meanwhile,
     *   main merges again.
     * - 'still-changing': each merge met a newer version again (MAX_MERGE_ROUNDS times); nothing of this
     *   save was written and the draft is untouched: message says to try again.
     * A newer version whose base cannot be found (not on the service any more) is refused as before merging:
     * a StudioError 'conflict' carrying the newest version.
     */
    output: z.discriminatedUnion('status', [
      z.object({ status: z.literal('saved'), version: VersionSummarySchema, merged: MergeNoticeSchema.nullable() }),
      z.object({ status: z.literal('queued'), pending: PendingSaveSchema, message: z.string() }),
      z.object({ status: z.literal('conflicts'), merge: ConflictedMergeSchema }),
      z.object({ status: z.literal('still-changing'), message: z.string() }),
    ]),
  },
  /** Saves the page as a bookmark (editor spec §7): a version of kind 'bookmark'; the page's draft is kept. */
  saveBookmark: {
    input: z.object({
      key: PageKeySchema,
      meta: PageMetaSchema,
      components: ComponentListSchema,
      commitMessage: z.string(),
    }),
    output: z.object({ version: VersionSummarySchema }),
  },
  /** A page's saved versions, newest first. */
  listVersions: {
    input: z.object({ key: PageKeySchema }),
    // skipped: versions that exist but could not be read, left out of the list.
    output: z.object({
      versions: z.array(VersionSummarySchema),
      skipped: z.array(z.number().int().positive()).optional(),
    }),
  },
  loadVersion: {
    input: z.object({ key: PageKeySchema, version: z.number().int().positive() }),
    output: z.object({ version: VersionSummarySchema, meta: PageMetaSchema, components: ComponentListSchema }),
  },
  listFavourites: { input: empty, output: z.object({ favourites: z.array(z.string()) }) },
  setFavourite: {
    input: z.object({ componentType: z.string().min(1).max(100), favourite: z.boolean() }),
    output: z.object({ favourites: z.array(z.string()) }),
  },
  /** The component types the user added last, most recent first (core/rules/recentComponents.ts). */
  listRecentComponents: { input: empty, output: z.object({ recent: z.array(z.string()) }) },
  /** The user added a component of this type: it moves to the front of their recently used. */
  noteComponentUsed: {
    input: z.object({ componentType: z.string().min(1).max(100) }),
    output: z.object({ recent: z.array(z.string()) }),
  },
  /**
   * The JSON feed a block of the open page declares (the Blog's apiLink), for the preview. The editor sends the
   * block the preview named; main reads only the feed that block's type declares (core/rules/feedPolicy.ts).
   */
  fetchFeed: {
    input: z.object({ component: ComponentSchema }),
    output: z.object({ data: z.unknown() }),
  },
  lookupProduct: {
    input: z.object({ fascia: z.string(), country: z.string(), size: z.string(), plu: z.string().max(64) }),
    output: z.object({ products: z.array(ProductDetailsSchema) }),
  },
  meshCategories: {
    input: z.object({ fascia: z.string().min(1) }),
    output: z.object({ categories: CategoryTreeSchema }),
  },
  meshLandingPages: { input: z.object({ fascia: z.string().min(1) }), output: z.object({ pages: LandingPagesSchema }) },
  meshCategoryProducts: {
    input: z.object({
      fascia: z.string().min(1),
      // A URL path segment of the mesh service.
      path: z.string().min(1).max(500).refine(isWellFormedText, NOT_WELL_FORMED),
      isNew: z.boolean(),
      isOnSale: z.boolean(),
    }),
    output: CategoryProductsSchema,
  },
  meshSearch: {
    input: z.object({
      fascia: z.string().min(1),
      brandname: z.string().max(200).optional(),
      keywords: z.string().max(500).optional(),
      facets: z.array(z.object({ name: z.string().min(1), value: z.string().min(1) })).max(20),
      isNew: z.boolean(),
      isOnSale: z.boolean(),
    }),
    output: MeshSearchSchema,
  },
  /** The query builder's faceted search; location is the fh_location value (//universe/locale/...). */
  fhSearch: { input: z.object({ location: z.string().min(2).max(2000) }), output: FhSearchSchema },
  translate: {
    input: z.object({ language: CountryCodeSchema, text: z.string().max(20_000) }),
    output: z.object({ text: z.string() }),
  },
  imageMetadata: {
    input: z.object({ url: z.string().min(1).max(2000) }),
    output: z.object({
      width: z.number().positive(),
      height: z.number().positive(),
      pointOfInterest: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }).nullable(),
    }),
  },
  /** Team mode (core/team.ts): where saves go, the user and whether the server answers now. */
  getTeamStatus: {
    input: empty,
    output: z.object({ status: TeamStatusSchema, presence: z.array(PresenceEntrySchema) }),
  },
  /** Settings → Team server → Test connection: GET /me with the token; nothing is stored. */
  testTeamServer: { input: TeamServerFormSchema, output: TeamConnectionTestSchema },
  /**
   * Tests, then stores the URL (settings) and the token (SecretStore): from now on saves go to the server and
   * their author is the server's user. Fails (StudioError, code 'unauthorized' for a refused token) with the
   * test's message; nothing changes then.
   */
  signInTeam: { input: TeamServerFormSchema, output: TeamStatusSchema },
  /** The header's Retry now while Offline: main tries the server at once instead of at its next planned attempt. */
  retryTeamConnection: { input: empty, output: TeamStatusSchema },
  /** Forgets the token; back to "This computer only" (the embedded store). The outbox stays on disk. */
  signOutTeam: { input: empty, output: TeamStatusSchema },
  /**
   * Settings → Team server → Sign in with your company account: asks the server how to sign in (its 401 to
   * GET /me), then starts the authorization code flow with PKCE and a loopback redirect. Answers the identity
   * provider's page, opened in the system browser by main when it can, else to be opened by the editor.
   */
  startCompanySignIn: { input: CompanySignInFormSchema, output: CompanySignInStartSchema },
  /**
   * Waits for the sign-in started last to come back to the loopback address, then signs in as startCompanySignIn's
   * server with the tokens (kept like the API token). Fails with the reason (refused, timed out, replaced).
   */
  finishCompanySignIn: { input: empty, output: TeamStatusSchema },
  /** The editor shows this page (one call per country of a multi-country page): presence heartbeats start. */
  pageOpened: { input: z.object({ key: PageKeySchema }), output: empty },
  /** The editor left the page: presence says 'closed' and the heartbeat stops. */
  pageClosed: { input: z.object({ key: PageKeySchema }), output: empty },
  /**
   * Where the editor's focus is on an open page (issue 23 §3): a component's field, or null. Said on every
   * change, and again while keys or the pointer are in use (at most every FOCUS_ACTIVITY_REPORT_MS), which
   * tells main the editor is not idle; main paces what reaches the server (core/rules/focusPacing.ts).
   */
  pageFocus: { input: z.object({ key: PageKeySchema, focus: PresenceFocusSchema.nullable() }), output: empty },
  /**
   * A page's audit trail (issue 22 §4), newest first (at most MAX_LIST_LIMIT entries, with how many there are):
   * kept by a team server, for admins; otherwise why not (the embedded store has no roles and no audit log).
   */
  listPageAudit: {
    input: z.object({ key: PageKeySchema }),
    output: z.discriminatedUnion('available', [
      z.object({
        available: z.literal(true),
        entries: z.array(AuditEntrySchema),
        total: z.number().int().nonnegative(),
      }),
      z.object({ available: z.literal(false), reason: z.string() }),
    ]),
  },
  /** The outbox, oldest first. */
  listPendingSaves: { input: empty, output: z.object({ pending: z.array(PendingSaveSchema) }) },
  /**
   * A pending save's document, for the conflict UI; merge: the conflicts its merge met on replay (state
   * 'conflict'), else null (a conflict whose base could not be found shows the newest version, latest).
   */
  loadPendingSave: {
    input: z.object({ id: z.string().min(1).max(200) }),
    output: z.object({
      pending: PendingSaveSchema,
      meta: PageMetaSchema,
      components: ComponentListSchema,
      merge: ConflictedMergeSchema.nullable(),
    }),
  },
  /** The user chose to drop a pending save (e.g. Reload theirs after a conflict). Answers the outbox left. */
  discardPendingSave: {
    input: z.object({ id: z.string().min(1).max(200) }),
    output: z.object({ pending: z.array(PendingSaveSchema) }),
  },
  /**
   * A pending save that met a conflict, settled by a person: its document becomes `meta` and `components` (the
   * settled merge, or the pending document itself to overwrite theirs), its base `theirsHash` (the merge's
   * theirs.version.hash, or the conflict's latest.hash, which this app's services always name), and it is sent
   * again at once when reachable (merged again should yet another version have landed). Answers the outbox
   * left; the outcome is also pushed (pendingSaved/pendingConflict).
   */
  resolvePendingMerge: {
    input: z.object({
      id: z.string().min(1).max(200),
      meta: PageMetaSchema,
      components: ComponentListSchema,
      theirsHash: z.string().min(1).max(200),
    }),
    output: z.object({ pending: z.array(PendingSaveSchema) }),
  },
  /**
   * What the user may do (issue 22 §2), for the editor to disable what the server would refuse: 'everything'
   * with the embedded store; in team mode the permissions of the server's last GET /me answer (read again on
   * every sign-in and reconnection; a 'status' event follows a change).
   */
  permissions: { input: empty, output: UserPermissionsSchema },
  /**
   * Puts a saved content version of the page live (issue 24 §1), on the team server (needs publish) or the
   * embedded store. Answers the new live entry; a refusal (no such version, not permitted) is an error result
   * with the server's message. Every desktop hears it as a 'live' team event.
   */
  goLive: { input: GoLiveRequestSchema, output: LiveAnswerSchema },
  /** Puts the page back on the version live before the current one. */
  rollBack: { input: RollBackRequestSchema, output: LiveAnswerSchema },
  /** The page's live entries, newest first (at most MAX_LIST_LIMIT), with how many there are. */
  listLiveHistory: { input: z.object({ key: PageKeySchema }), output: LiveHistoryAnswerSchema },
  /**
   * Releases (issue 24 §2), kept by a team server only: without one (or offline) each call is an error result
   * saying so (RELEASES_NEED_TEAM). Newest first, at most MAX_LIST_LIMIT. A 'release' team event follows every
   * change, from any desktop.
   */
  listReleases: { input: empty, output: ReleaseListAnswerSchema },
  loadRelease: { input: ReleaseIdRequestSchema, output: ReleaseAnswerSchema },
  createRelease: { input: CreateReleaseRequestSchema, output: ReleaseAnswerSchema },
  /** Adds items or changes their version, and removes items; a scheduled release goes back to draft (unscheduled). */
  changeReleaseItems: { input: ChangeReleaseItemsRequestSchema, output: ReleaseAnswerSchema },
  scheduleRelease: { input: ScheduleReleaseRequestSchema, output: ReleaseAnswerSchema },
  unscheduleRelease: { input: ReleaseIdRequestSchema, output: ReleaseAnswerSchema },
  goLiveRelease: { input: ReleaseIdRequestSchema, output: ReleaseAnswerSchema },
  rollBackRelease: { input: RollBackReleaseRequestSchema, output: ReleaseAnswerSchema },
  deleteRelease: { input: ReleaseIdRequestSchema, output: empty },
  setPreviewBounds: {
    input: z.object({
      x: z.number().int().min(0),
      y: z.number().int().min(0),
      width: z.number().int().min(0),
      height: z.number().int().min(0),
      visible: z.boolean(),
      /**
       * A dialog covers the editor (issue 15): the preview stays in view, dimmed by the dialog's overlay, and takes
       * no input. A shell whose preview draws above the editor (Electron's view) hides it, and the editor shows
       * the snapshotPreview image in its place; one whose preview lies under the editor's dialogs (the browser
       * host's iframe) keeps it showing, inert.
       */
      behindDialog: z.boolean().optional(),
      /**
       * The width the page is laid out at (Desktop 1280, Tablet 768, Mobile 375), or null to fit the area.
       * Narrower than the area: the view is that wide, centred. Wider: the view fills the area, zoomed out.
       */
      viewportWidth: z.number().int().min(200).max(4000).nullable().optional(),
    }),
    output: empty,
  },
  /**
   * The preview as an image, taken before a dialog hides it (behindDialog), for the editor to show in its place;
   * null where the shell does not hide it (the browser host) or there is nothing to show.
   */
  snapshotPreview: {
    input: empty,
    output: z.object({ image: z.string().startsWith('data:image/png;base64,').nullable() }),
  },
  postToPreview: { input: PreviewCommandSchema, output: empty },
  /** Brings the preview back to the page after a followed link took it elsewhere. */
  reloadPreview: { input: empty, output: empty },
} as const satisfies Record<Channel, { input: z.ZodType; output: z.ZodType }>;

export type Contract = typeof contract;
export type Input<C extends Channel> = z.input<Contract[C]['input']>;
export type Output<C extends Channel> = z.output<Contract[C]['output']>;

/**
 * window.studio as the preload (or the browser host's shim) exposes it: one method per channel answering a
 * Result, since an Error crossing contextBridge keeps only its message. The renderer unwraps it.
 */
export type StudioBridge = { [C in Channel]: (input: Input<C>) => Promise<Result<Output<C>>> } & {
  /** Events from the preview, untrusted until the renderer parses them with PreviewEventSchema. */
  onPreviewEvent(listener: (event: unknown) => void): () => void;
  /**
   * Team events pushed by main (TeamEventSchema): untrusted shape until the renderer parses them. Typed
   * TeamEvent only for documentation; renderer/editor/src/api.ts parses every one.
   */
  onTeamEvent(listener: (event: unknown) => void): () => void;
};

export type { TeamEvent };

/** How many issues a message lists; a payload with thousands of wrong items gets a short answer all the same. */
const MAX_DESCRIBED_ISSUES = 10;

/** zod names unrecognised keys someone sent in its message: they are quoted (at most 100 characters). */
function issueMessage(issue: z.core.$ZodIssue): string {
  return issue.code === 'unrecognized_keys' ? `Unrecognized keys: ${quote(issue.keys.join(', '))}` : issue.message;
}

/** zod issues as an invalid-input error's details (core/result.ts): the first ones, as describeIssues lists them. */
export function issueDetails(error: z.ZodError): InputIssueDetails {
  return {
    issues: error.issues.slice(0, MAX_DESCRIBED_ISSUES).map((issue) => {
      const path = issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
      // A segment past what quote() keeps is a huge record key someone sent: it names no field, so the path
      // stops before it (the message quotes it) rather than sending it back whole.
      const tooLong = path.findIndex((segment) => typeof segment === 'string' && segment.length > MAX_QUOTED_CHARS);
      return { path: tooLong === -1 ? path : path.slice(0, tooLong), message: issueMessage(issue) };
    }),
  };
}

/**
 * Formats zod issues as "path: message" lines, for messages a person can act on. Paths carry record keys
 * someone sent, and zod names unrecognised keys in its message: both are quoted (at most 100 characters).
 */
export function describeIssues(error: z.ZodError): string {
  const described = error.issues.slice(0, MAX_DESCRIBED_ISSUES).map((issue) => {
    const path = issue.path.length ? issue.path.map((segment) => quote(String(segment))).join('.') : '(root)';
    return `${path}: ${issueMessage(issue)}`;
  });
  const more = error.issues.length - described.length;
  return more > 0 ? `${described.join('; ')}; and ${more} more` : described.join('; ');
}
