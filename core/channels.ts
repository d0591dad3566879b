/**
 * The names of every IPC channel, kept apart from their schemas so the preload bundle can list them without
 * pulling in zod. contract.ts must define exactly these (checked by its type).
 */
export const SERVICE_CHANNELS = [
  'getSession',
  'signIn',
  'getSettings',
  'updateSettings',
  'listPages',
  'openPage',
  'getDraft',
  'saveDraft',
  'saveDraftDelta',
  'discardDraft',
  'saveContent',
  'saveBookmark',
  'listVersions',
  'loadVersion',
  'listFavourites',
  'setFavourite',
  'listRecentComponents',
  'noteComponentUsed',
  'fetchFeed',
  'lookupProduct',
  'meshCategories',
  'meshLandingPages',
  'meshCategoryProducts',
  'meshSearch',
  'fhSearch',
  'translate',
  'imageMetadata',
  // Team mode (issue 13; schemas in core/team.ts).
  'getTeamStatus',
  'testTeamServer',
  'signInTeam',
  'signOutTeam',
  'retryTeamConnection',
  'startCompanySignIn',
  'finishCompanySignIn',
  'pageOpened',
  'pageClosed',
  'pageFocus',
  'listPageAudit',
  'listPendingSaves',
  'loadPendingSave',
  'discardPendingSave',
  'resolvePendingMerge',
  // Who may change what (issue 22; core/rules/editingRights.ts).
  'permissions',
  // Going live (issue 24; core/live.ts).
  'goLive',
  'rollBack',
  'listLiveHistory',
  'listReleases',
  'loadRelease',
  'createRelease',
  'changeReleaseItems',
  'scheduleRelease',
  'unscheduleRelease',
  'goLiveRelease',
  'rollBackRelease',
  'deleteRelease',
] as const;

/** Channels that act on the window (the preview view) rather than on a service: handled by the shell. */
export const SHELL_CHANNELS = ['setPreviewBounds', 'snapshotPreview', 'postToPreview', 'reloadPreview'] as const;

export type ServiceChannel = (typeof SERVICE_CHANNELS)[number];
export type ShellChannel = (typeof SHELL_CHANNELS)[number];
export type Channel = ServiceChannel | ShellChannel;

/** The IPC channel name used on the wire for a contract channel. */
export const ipcName = (channel: Channel): string => `studio:${channel}`;

/**
 * Team events pushed from main to the editor (TeamEventSchema in core/team.ts). In the browser host the same
 * events arrive over Server-Sent Events from TEAM_EVENTS_PATH (editor page only).
 */
export const TEAM_EVENT = 'studio:teamEvent';
export const TEAM_EVENTS_PATH = '/api/events';
/** Events pushed from main to the editor. */
export const PREVIEW_EVENT = 'studio:previewEvent';
/** Commands pushed from main to the preview, and events sent back by it. */
export const PREVIEW_COMMAND = 'preview:command';
export const PREVIEW_EMIT = 'preview:event';
