import { afterEach, describe, expect, it } from 'vitest';
import { createTeamOnline, type TeamOnline } from '../../main/services/teamOnline';

/** Online/Offline's probing of a server that failed a call while its stream stayed open. */

let online: TeamOnline | null = null;
afterEach(() => online?.stopProbe());

function watcher(probe: () => Promise<string | null>) {
  const seen = { probes: 0, cameOnline: 0 };
  online = createTeamOnline({
    now: () => new Date(),
    // The planned probe a minute away: only probeNow makes one within the test.
    probeBackoff: { initialMs: 60_000, maxMs: 60_000 },
    probe: async () => {
      seen.probes++;
      return probe();
    },
    onStatusChanged: () => undefined,
    onCameOnline: () => seen.cameOnline++,
  });
  return { online, seen };
}

describe('the team connection watcher', () => {
  it('Retry now makes the planned probe at once; a server that answers is Online', async () => {
    const { online, seen } = watcher(async () => null);
    online.streamOpened();
    online.unreachable('the team server is not reachable');
    expect(online.state().connection).toBe('offline');
    expect(seen.probes).toBe(0);

    online.probeNow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.probes).toBe(1);
    expect(online.state().connection).toBe('online');
    expect(seen.cameOnline).toBe(1);
  });

  it('Retry now with no probe planned asks nothing, and a failed probe plans the next one', async () => {
    const { online, seen } = watcher(async () => 'still down');
    online.probeNow();
    expect(seen.probes).toBe(0);

    online.streamOpened();
    online.unreachable('the team server is not reachable');
    online.probeNow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.probes).toBe(1);
    expect(online.state()).toMatchObject({ connection: 'offline', offlineReason: 'still down' });
    online.probeNow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.probes).toBe(2);
  });
});
