import { describe, expect, it } from 'vitest';
import {
  FOCUS_IDLE_MS,
  FOCUS_SEND_INTERVAL_MS,
  initialFocusPacing,
  paceFocus,
  type FocusPacing,
  type FocusPacingInput,
} from '../../core/rules/focusPacing';
import type { PresenceFocus } from '../../core/teamProtocol';

/** The pacing of field focus for presence (issue 23 §3): at most one send per 500 ms, none lost, cleared when idle. */

const field = (name: string): PresenceFocus => ({ component: 'MainBanner1234567890', field: `content.${name}` });
const report = (focus: PresenceFocus | null): FocusPacingInput => ({ type: 'report', focus });
const TICK: FocusPacingInput = { type: 'tick' };

/**
 * Runs the rule as a driver would: each input at its time, and a tick at every `wakeAt` asked for before the
 * next input (or `until`). Answers what was sent, when, and the last state.
 */
function drive(inputs: [number, FocusPacingInput][], until: number) {
  let pacing: FocusPacing = initialFocusPacing(0);
  let wakeAt: number | null = null;
  const sent: [number, string | null][] = [];
  const step = (input: FocusPacingInput, at: number) => {
    const next = paceFocus(pacing, input, at);
    pacing = next.pacing;
    wakeAt = next.wakeAt;
    if (next.send) sent.push([at, next.send.focus?.field ?? null]);
  };
  const tickUntil = (limit: number) => {
    while (wakeAt !== null && wakeAt <= limit) step(TICK, wakeAt);
  };
  for (const [at, input] of inputs) {
    tickUntil(at);
    step(input, at);
  }
  tickUntil(until);
  return { sent, pacing, wakeAt };
}

describe('paceFocus', () => {
  it('sends the first focus at once (leading edge)', () => {
    const step = paceFocus(initialFocusPacing(1_000), report(field('title')), 1_000);
    expect(step.send).toEqual({ focus: field('title') });
    expect(step.pacing.told).toEqual(field('title'));
    expect(step.wakeAt).toBe(1_000 + FOCUS_IDLE_MS);
  });

  it('sends at most one change every 500 ms, and the last change of an interval at its end', () => {
    const { sent } = drive(
      [
        [0, report(field('title'))],
        [100, report(field('subtitle'))],
        [200, report(field('text'))],
        [450, report(field('link'))],
      ],
      2_000,
    );
    expect(sent).toEqual([
      [0, 'content.title'],
      [FOCUS_SEND_INTERVAL_MS, 'content.link'],
    ]);
  });

  it('never sends twice within 500 ms, however the changes fall', () => {
    const inputs: [number, FocusPacingInput][] = [];
    let last = '';
    for (let at = 0; at < 5_000; at += 37) {
      last = `f${at % 3}`;
      inputs.push([at, report(field(last))]);
    }
    const { sent, pacing } = drive(inputs, 6_000);
    expect(sent.length).toBeGreaterThan(5);
    for (let i = 1; i < sent.length; i++)
      expect(sent[i]![0] - sent[i - 1]![0]).toBeGreaterThanOrEqual(FOCUS_SEND_INTERVAL_MS);
    // The last change reached the server.
    expect(sent.at(-1)![1]).toBe(`content.${last}`);
    expect(pacing.told).toEqual(field(last));
  });

  it('sends nothing for a change undone within the interval', () => {
    const { sent } = drive(
      [
        [0, report(field('title'))],
        [100, report(field('subtitle'))],
        [300, report(field('title'))],
      ],
      2_000,
    );
    expect(sent).toEqual([[0, 'content.title']]);
  });

  it('sends a change at once when the last send was 500 ms ago or more', () => {
    const { sent } = drive(
      [
        [0, report(field('title'))],
        [500, report(field('subtitle'))],
        [1_700, report(null)],
      ],
      2_000,
    );
    expect(sent).toEqual([
      [0, 'content.title'],
      [500, 'content.subtitle'],
      [1_700, null],
    ]);
  });

  it('clears the focus after 30 s without a report, and sends nothing more until the editor is active', () => {
    const { sent, wakeAt } = drive(
      [
        [0, report(field('title'))],
        // Still typing in the title: said again, which is activity.
        [10_000, report(field('title'))],
      ],
      100_000,
    );
    expect(sent).toEqual([
      [0, 'content.title'],
      [10_000 + FOCUS_IDLE_MS, null],
    ]);
    expect(wakeAt).toBeNull();
  });

  it('is not idle at 29.999 s', () => {
    const { sent } = drive([[0, report(field('title'))]], FOCUS_IDLE_MS - 1);
    expect(sent).toEqual([[0, 'content.title']]);
  });

  it('sends the focus again when the editor is active after being idle', () => {
    const { sent } = drive(
      [
        [0, report(field('title'))],
        [45_000, report(field('title'))],
      ],
      50_000,
    );
    expect(sent).toEqual([
      [0, 'content.title'],
      [FOCUS_IDLE_MS, null],
      [45_000, 'content.title'],
    ]);
  });

  it('waits for the interval when activity comes back right after the idle clear', () => {
    const { sent } = drive(
      [
        [0, report(field('title'))],
        [FOCUS_IDLE_MS + 100, report(field('title'))],
      ],
      40_000,
    );
    expect(sent).toEqual([
      [0, 'content.title'],
      [FOCUS_IDLE_MS, null],
      [FOCUS_IDLE_MS + FOCUS_SEND_INTERVAL_MS, 'content.title'],
    ]);
  });

  it('asks for no tick while there is nothing to send and no focus to clear', () => {
    expect(paceFocus(initialFocusPacing(0), report(null), 0)).toMatchObject({ send: null, wakeAt: null });
    expect(paceFocus(initialFocusPacing(0), TICK, 5_000)).toMatchObject({ send: null, wakeAt: null });
  });

  it('treats equal focuses as the same, whichever object holds them', () => {
    const first = paceFocus(initialFocusPacing(0), report(field('title')), 0);
    const again = paceFocus(first.pacing, report({ ...field('title') }), 800);
    expect(again.send).toBeNull();
  });
});
