import type { z } from 'zod';
import {
  ReleaseAnswerSchema,
  ReleaseListAnswerSchema,
  type ChangeReleaseItemsRequest,
  type ReleaseAnswer,
  type ReleaseListAnswer,
} from '../../core/releases';
import { MAX_LIST_LIMIT, OkAnswerSchema } from '../../core/teamProtocol';

/**
 * A team server's release calls (issue 24 §2, core/teamProtocol.ts teamRoutes), made through the content
 * client's requests, so their failures are worded the same way (a refused change's message is shown whole).
 * Changes are sent once, never again after a lost answer.
 */
export interface ReleasesClient {
  /** Newest first, at most MAX_LIST_LIMIT, with how many there are. */
  listReleases(): Promise<ReleaseListAnswer>;
  loadRelease(request: { id: number }): Promise<ReleaseAnswer>;
  createRelease(request: { name: string }): Promise<ReleaseAnswer>;
  changeReleaseItems(request: ChangeReleaseItemsRequest): Promise<ReleaseAnswer>;
  scheduleRelease(request: { id: number; at: string }): Promise<ReleaseAnswer>;
  unscheduleRelease(request: { id: number }): Promise<ReleaseAnswer>;
  goLiveRelease(request: { id: number }): Promise<ReleaseAnswer>;
  rollBackRelease(request: { id: number; message: string }): Promise<ReleaseAnswer>;
  deleteRelease(request: { id: number }): Promise<void>;
}

/** The content client's request: a route under the service's address, parsed with `schema`. */
export type ServiceCall = <S extends z.ZodType>(
  route: string,
  request: { method: 'GET'; searchParams?: Record<string, string> } | { method: 'POST'; json: unknown },
  schema: S,
) => Promise<z.output<S>>;

export function createReleasesClient(call: ServiceCall): ReleasesClient {
  const change = (route: string, json: unknown) =>
    call(`releases/${route}`, { method: 'POST', json }, ReleaseAnswerSchema);
  return {
    listReleases: () =>
      call('releases', { method: 'GET', searchParams: { limit: String(MAX_LIST_LIMIT) } }, ReleaseListAnswerSchema),
    loadRelease: ({ id }) => call('release', { method: 'GET', searchParams: { id: String(id) } }, ReleaseAnswerSchema),
    createRelease: (request) => change('create', request),
    changeReleaseItems: (request) => change('items', request),
    scheduleRelease: (request) => change('schedule', request),
    unscheduleRelease: (request) => change('unschedule', request),
    goLiveRelease: (request) => change('goLive', request),
    rollBackRelease: (request) => change('rollBack', request),
    deleteRelease: async (request) => {
      await call('releases/delete', { method: 'POST', json: request }, OkAnswerSchema);
    },
  };
}
