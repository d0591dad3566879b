import { describe, expect, it } from 'vitest';
import { EditorPreviewEventSchema, previewContentSecurityPolicy, PreviewEventSchema } from '../../core/preview';
import { PREVIEW_EVENT_BUDGETS } from '../../core/previewBudgets';
import {
  budgetKey,
  budgetNotice,
  spendBudget,
  type BudgetState,
  type BudgetVerdict,
} from '../../core/rules/messageBudget';
import { mayEmitFromPreview } from '../../core/rules/userSelect';

/** Spends the budget once at each time, returning the verdicts. */
function run(times: number[], budget = { max: 3, perMs: 1000 }): BudgetVerdict[] {
  let state: BudgetState | undefined;
  return times.map((now) => {
    const spent = spendBudget(state, now, budget);
    state = spent.state;
    return spent.verdict;
  });
}

describe('the rate budget of a message type', () => {
  it('accepts up to the budget in a window and drops the rest, asking for one notice', () => {
    expect(run([0, 1, 2, 3, 4, 5])).toEqual(['accept', 'accept', 'accept', 'drop-and-notify', 'drop', 'drop']);
  });

  it('starts afresh in the next window, without a second notice while the flood goes on', () => {
    expect(run([0, 1, 2, 3, 1000, 1001, 1002, 1003, 1004])).toEqual([
      'accept',
      'accept',
      'accept',
      'drop-and-notify',
      'accept',
      'accept',
      'accept',
      'drop',
      'drop',
    ]);
  });

  it('notices a new flood once a whole window passed with nothing dropped', () => {
    expect(run([0, 1, 2, 3, 1000, 2000, 2001, 2002, 2003])).toEqual([
      'accept',
      'accept',
      'accept',
      'drop-and-notify',
      'accept',
      'accept',
      'accept',
      'accept',
      'drop-and-notify',
    ]);
  });

  it('survives a clock that goes back', () => {
    expect(run([5000, 5001, 5002, 5003, 10])).toEqual(['accept', 'accept', 'accept', 'drop-and-notify', 'accept']);
  });

  it('a flood of 100,000 ready messages lets through only the budget', () => {
    let state: BudgetState | undefined;
    let accepted = 0;
    let notices = 0;
    for (let i = 0; i < 100_000; i++) {
      const spent = spendBudget(state, i / 100, PREVIEW_EVENT_BUDGETS.ready); // all within one second
      state = spent.state;
      if (spent.verdict === 'accept') accepted++;
      if (spent.verdict === 'drop-and-notify') notices++;
    }
    expect(accepted).toBe(PREVIEW_EVENT_BUDGETS.ready.max);
    expect(notices).toBe(1);
  });

  it('charges a message to its type, and anything of no known type to malformed', () => {
    expect(budgetKey({ type: 'ready' }, PREVIEW_EVENT_BUDGETS)).toBe('ready');
    expect(budgetKey({ type: 'select', id: 'x' }, PREVIEW_EVENT_BUDGETS)).toBe('select');
    for (const message of [
      null,
      'ready',
      42,
      {},
      { type: 'toString' },
      { type: '__proto__' },
      { type: 'malformed' },
      { type: 7 },
    ]) {
      expect(budgetKey(message, PREVIEW_EVENT_BUDGETS), JSON.stringify(message)).toBe('malformed');
    }
    expect(PREVIEW_EVENT_BUDGETS.malformed.max).toBe(0);
  });

  it('says what was dropped and the limit', () => {
    expect(budgetNotice('ready', { max: 4, perMs: 10_000 })).toBe(
      'Storefront Studio dropped "ready" messages from the preview: more than 4 in 10 s. Further ones are dropped without a notice.',
    );
  });

  it('is self-contained, so the browser host can embed its source', () => {
    for (const rule of [spendBudget, budgetKey, budgetNotice]) {
      const embedded = new Function(`return (${rule.toString()});`)() as typeof rule;
      expect(typeof embedded).toBe('function');
    }
    const embeddedSpend = new Function(`return (${spendBudget.toString()});`)() as typeof spendBudget;
    expect(embeddedSpend(undefined, 0, { max: 0, perMs: 10 }).verdict).toBe('drop-and-notify');
  });
});

describe('the preview’s messages, one strict schema per type', () => {
  it('accepts each known message', () => {
    for (const event of [
      { type: 'ready' },
      { type: 'select', id: 'c1' },
      { type: 'requestFeed', blockId: 'blog-1' },
      { type: 'webpSupport', supported: true },
      { type: 'scriptError', message: 'boom' },
    ]) {
      expect(PreviewEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
    }
  });

  it('refuses a feed asked for by URL, extra fields, long identifiers and the shell’s own events', () => {
    for (const event of [
      { type: 'requestFeed', url: 'http://127.0.0.1:5179/api/listPages' },
      { type: 'requestFeed', blockId: 'blog-1', url: 'http://127.0.0.1/' },
      { type: 'ready', extra: true },
      { type: 'select', id: 'x'.repeat(201) },
      { type: 'scriptError', message: 'x'.repeat(2001) },
      { type: 'previewReturned' },
      { type: 'navigate', url: 'https://evil.example/' },
    ]) {
      expect(PreviewEventSchema.safeParse(event).success, JSON.stringify(event).slice(0, 80)).toBe(false);
    }
    // The editor hears previewReturned only from its shell, on the same stream.
    expect(EditorPreviewEventSchema.safeParse({ type: 'previewReturned' }).success).toBe(true);
  });
});

describe('the preview document’s CSP', () => {
  const csp = previewContentSecurityPolicy('http://127.0.0.1:5179', '/host/preview-bridge.js');
  const directive = (name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `));

  it('allows https images and the samples, the preview’s own files, https and inline page assets', () => {
    expect(directive('img-src')).toBe('img-src http://127.0.0.1:5179/sample/ https: data: blob:');
    expect(directive('script-src')).toBe(
      "script-src http://127.0.0.1:5179/preview/ http://127.0.0.1:5179/assets/ http://127.0.0.1:5179/host/preview-bridge.js https: 'unsafe-inline'",
    );
    expect(directive('style-src')).toContain("https: 'unsafe-inline'");
  });

  it('allows no connection, no plain http, no file: and no app: beyond the preview’s own files', () => {
    expect(directive('connect-src')).toBe("connect-src 'none'");
    expect(directive('default-src')).toBe("default-src 'none'");
    expect(csp).not.toMatch(/\bfile:|\bhttp:(?!\/\/127\.0\.0\.1:5179\/(preview|assets|sample|host\/preview-bridge))/);
    const electron = previewContentSecurityPolicy('app://studio');
    expect(electron).not.toMatch(/app:(?!\/\/studio\/(preview|assets|sample)\/)/);
    expect(electron).not.toContain("'self'");
  });
});

describe('a select from the preview', () => {
  it('passes only within a second after a real pointer press; other events always pass', () => {
    expect(mayEmitFromPreview({ type: 'select', id: 'a' }, 10_000, 10_500)).toBe(true);
    expect(mayEmitFromPreview({ type: 'select', id: 'a' }, 10_000, 11_000)).toBe(true);
    expect(mayEmitFromPreview({ type: 'select', id: 'a' }, 10_000, 11_001)).toBe(false);
    expect(mayEmitFromPreview({ type: 'select', id: 'a' }, -Infinity, 5)).toBe(false);
    expect(mayEmitFromPreview({ type: 'select', id: 'a' }, 10_000, 9_000)).toBe(false);
    for (const event of [{ type: 'ready' }, { type: 'requestFeed', blockId: 'b' }, null, 'select']) {
      expect(mayEmitFromPreview(event, -Infinity, 5), JSON.stringify(event)).toBe(true);
    }
    const embedded = new Function(`return (${mayEmitFromPreview.toString()});`)() as typeof mayEmitFromPreview;
    expect(embedded({ type: 'select' }, 0, 2000)).toBe(false);
  });
});
