import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cameOnline,
  INITIAL_TEAM_CONNECTION,
  statusChanged,
  teamConnectionReducer,
  type TeamConnectionEvent,
  type TeamConnectionState,
} from '../../core/rules/teamConnection';

/** The Online/Offline reducer of team mode (core/rules/teamConnection.ts). */

const run = (events: TeamConnectionEvent[], from: TeamConnectionState = INITIAL_TEAM_CONNECTION) =>
  events.reduce(teamConnectionReducer, from);

const T1 = '2026-05-01T10:00:00.000Z';
const T2 = '2026-05-01T10:00:05.000Z';
const T3 = '2026-05-01T10:01:00.000Z';

describe('the team connection state', () => {
  it('is connecting after a sign-in until something answers, then online with the time of that answer', () => {
    const signedIn = run([{ type: 'signedIn' }]);
    expect(signedIn).toMatchObject({ connection: 'connecting', offlineReason: null, nextAttemptAt: null });
    const online = teamConnectionReducer(signedIn, { type: 'answered', at: T1 });
    expect(online).toMatchObject({ connection: 'online', lastContact: T1 });
    expect(cameOnline(signedIn, online)).toBe(true);
    expect(statusChanged(signedIn, online)).toBe(true);
  });

  it('goes offline with the reason and the next attempt, and keeps the planned attempt when a failure names none', () => {
    const online = run([{ type: 'signedIn' }, { type: 'answered', at: T1 }]);
    const dropped = teamConnectionReducer(online, {
      type: 'streamDropped',
      reason: 'the team server is not reachable (ECONNREFUSED)',
      nextAttemptAt: T2,
    });
    expect(dropped).toEqual({
      connection: 'offline',
      lastContact: T1,
      offlineReason: 'the team server is not reachable (ECONNREFUSED)',
      nextAttemptAt: T2,
      streamOpen: false,
    });
    const failedAgain = teamConnectionReducer(dropped, { type: 'failed', reason: 'still down', nextAttemptAt: null });
    expect(failedAgain).toMatchObject({ offlineReason: 'still down', nextAttemptAt: T2 });
    expect(statusChanged(dropped, failedAgain)).toBe(true);
    // The same failure again tells the editor nothing new.
    const same = teamConnectionReducer(failedAgain, { type: 'failed', reason: 'still down', nextAttemptAt: null });
    expect(statusChanged(failedAgain, same)).toBe(false);
  });

  it('a heartbeat moves the last contact on but does not bring an offline server back', () => {
    const offline = run([
      { type: 'signedIn' },
      { type: 'streamOpened', at: T1 },
      { type: 'failed', reason: 'HTTP 503', nextAttemptAt: T3 },
    ]);
    expect(offline.streamOpen).toBe(true);
    const heard = teamConnectionReducer(offline, { type: 'contact', at: T2 });
    expect(heard).toEqual({ ...offline, lastContact: T2 });
    expect(statusChanged(offline, heard)).toBe(false);
    const back = teamConnectionReducer(heard, { type: 'answered', at: T3 });
    expect(back).toEqual({
      connection: 'online',
      lastContact: T3,
      offlineReason: null,
      nextAttemptAt: null,
      streamOpen: true,
    });
    expect(cameOnline(heard, back)).toBe(true);
  });

  it('an answer while online is not a return, and signing out forgets the stream and the reason', () => {
    const online = run([{ type: 'signedIn' }, { type: 'streamOpened', at: T1 }]);
    const again = teamConnectionReducer(online, { type: 'answered', at: T2 });
    expect(cameOnline(online, again)).toBe(false);
    expect(statusChanged(online, again)).toBe(false);
    const out = run([{ type: 'failed', reason: 'down', nextAttemptAt: T3 }, { type: 'signedOut' }], again);
    expect(out).toEqual({
      connection: 'online',
      lastContact: T2,
      offlineReason: null,
      nextAttemptAt: null,
      streamOpen: false,
    });
  });

  const at = fc.constantFrom(T1, T2, T3);
  const anyEvent: fc.Arbitrary<TeamConnectionEvent> = fc.oneof(
    fc.constant({ type: 'signedIn' as const }),
    fc.constant({ type: 'signedOut' as const }),
    at.map((time) => ({ type: 'answered' as const, at: time })),
    at.map((time) => ({ type: 'contact' as const, at: time })),
    fc.record({
      type: fc.constant('failed' as const),
      reason: fc.string({ minLength: 1 }),
      nextAttemptAt: fc.option(at),
    }),
    at.map((time) => ({ type: 'streamOpened' as const, at: time })),
    fc.record({ type: fc.constant('streamDropped' as const), reason: fc.string({ minLength: 1 }), nextAttemptAt: at }),
    fc.record({ type: fc.constant('sessionEnded' as const), reason: fc.string({ minLength: 1 }) }),
  );

  it('a company session that ended is offline with its reason, the stream closed and no attempt planned', () => {
    const before = run([{ type: 'signedIn' }, { type: 'streamOpened', at: T1 }]);
    const ended = teamConnectionReducer(before, { type: 'sessionEnded', reason: 'Signed out: account disabled' });
    expect(ended).toEqual({
      connection: 'offline',
      lastContact: T1,
      offlineReason: 'Signed out: account disabled',
      nextAttemptAt: null,
      streamOpen: false,
    });
    expect(statusChanged(before, ended)).toBe(true);
  });

  it('after any sequence of events: a reason exactly while offline, no planned attempt while online, the stream as last said', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 40 }), (events) => {
        const state = run(events);
        expect(state.offlineReason !== null).toBe(state.connection === 'offline');
        if (state.connection !== 'offline') expect(state.nextAttemptAt).toBeNull();
        const lastStreamSay = events.findLast((event) =>
          ['streamOpened', 'streamDropped', 'signedIn', 'signedOut', 'sessionEnded'].includes(event.type),
        );
        expect(state.streamOpen).toBe(lastStreamSay?.type === 'streamOpened');
        const lastHeard = events.findLast((event) => ['answered', 'contact', 'streamOpened'].includes(event.type));
        expect(state.lastContact).toBe(lastHeard && 'at' in lastHeard ? lastHeard.at : null);
      }),
    );
  });
});
