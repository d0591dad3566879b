// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusRow } from '../../renderer/editor/src/app/focusRow';

/** A row as the list mounts it: its header is what takes focus. */
function mountRow(id: string): HTMLElement {
  const row = document.createElement('div');
  row.dataset.rowId = id;
  const header = document.createElement('button');
  header.className = 'row-title';
  header.scrollIntoView = () => undefined;
  row.append(header);
  document.body.append(row);
  return header;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'performance', 'setTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('focusRow', () => {
  it('focuses a row that mounts 5 s after it was asked for, as a far row of a big page on a busy machine', () => {
    focusRow('far');
    vi.advanceTimersByTime(5_000);
    const header = mountRow('far');
    vi.advanceTimersByTime(50);
    expect(document.activeElement).toBe(header);
  });

  it('gives a later request the focus: a row asked for first and mounted later never takes it', () => {
    focusRow('first');
    focusRow('second');
    const second = mountRow('second');
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(second);
    mountRow('first');
    vi.advanceTimersByTime(1_000);
    expect(document.activeElement).toBe(second);
  });

  it("gives the focus to the row's new header when the one it focused is rendered anew", () => {
    const first = mountRow('far');
    focusRow('far');
    vi.advanceTimersByTime(50);
    expect(document.activeElement).toBe(first);
    // The list renders the row again while the panel scrolls to it: the focused header leaves the page.
    first.closest('[data-row-id]')!.remove();
    const again = mountRow('far');
    vi.advanceTimersByTime(50);
    expect(document.activeElement).toBe(again);
  });

  it('lets go of the row once the focus moves on, even when it falls to the body next', () => {
    mountRow('far');
    focusRow('far');
    vi.advanceTimersByTime(50);
    // A dialog's button takes the focus, and closing the dialog drops it on the body before giving it back.
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    vi.advanceTimersByTime(50);
    opener.blur();
    vi.advanceTimersByTime(500);
    expect(document.activeElement).toBe(document.body);
  });

  it('gives up on a row that has not mounted within 10 s', () => {
    focusRow('never');
    vi.advanceTimersByTime(10_100);
    const header = mountRow('never');
    vi.advanceTimersByTime(1_000);
    expect(document.activeElement).not.toBe(header);
  });
});
