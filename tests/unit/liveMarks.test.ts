import { describe, expect, it } from 'vitest';
import { aheadOfLive, describeLiveMove, liveMarks, liveMessageError } from '../../core/live';
import { COMMIT_MESSAGE_MAX } from '../../core/rules/page';

describe('liveMarks', () => {
  it('marks the newest entry Live and every other version an entry names Was live', () => {
    // Newest first: 3 went live, then a rollback to 2, then 4.
    const marks = liveMarks([{ version: 4 }, { version: 2 }, { version: 3 }, { version: 2 }]);
    expect([...marks]).toEqual([
      [4, 'Live'],
      [2, 'Was live'],
      [3, 'Was live'],
    ]);
  });

  it('marks a version live again after a rollback Live, not Was live', () => {
    expect(liveMarks([{ version: 2 }, { version: 3 }, { version: 2 }]).get(2)).toBe('Live');
  });

  it('marks nothing for a page never live', () => {
    expect(liveMarks([]).size).toBe(0);
  });
});

describe('liveMessageError', () => {
  it("refuses an empty or blank message, and one over the limit, in LiveMessageSchema's words", () => {
    expect(liveMessageError('')).toBe('Write a message saying why this goes live');
    expect(liveMessageError('   ')).toBe('Write a message saying why this goes live');
    expect(liveMessageError('x'.repeat(COMMIT_MESSAGE_MAX + 1))).toBe(
      `A message has at most ${COMMIT_MESSAGE_MAX} characters`,
    );
    expect(liveMessageError('Summer sale starts')).toBeNull();
  });
});

describe('the texts the dashboard shows', () => {
  it('says how far UAT is ahead, and nothing when it is what is live', () => {
    expect(aheadOfLive(1)).toBe('UAT is 1 version ahead of live');
    expect(aheadOfLive(3)).toBe('UAT is 3 versions ahead of live');
    expect(aheadOfLive(0)).toBeNull();
  });

  it('names the move and the version', () => {
    expect(describeLiveMove({ move: 'live', version: 12 }, 'JD GB home')).toBe('JD GB home went live at version 12');
    expect(describeLiveMove({ move: 'rollback', version: 11 }, 'JD GB home')).toBe(
      'JD GB home was rolled back to version 11',
    );
  });
});
