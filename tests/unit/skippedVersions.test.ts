import { describe, expect, it } from 'vitest';
import { describeSkippedVersions } from '../../core/rules/skippedVersions';

describe('describeSkippedVersions', () => {
  it('says nothing when nothing was skipped', () => {
    expect(describeSkippedVersions('home', [])).toBeNull();
  });

  it('names one or several skipped versions, in order', () => {
    expect(describeSkippedVersions('home', [7])).toBe(
      'Version 7 of home is damaged and was skipped; the newest readable version is used.',
    );
    expect(describeSkippedVersions('home', [9, 7, 8])).toBe(
      'Versions 7, 8 and 9 of home are damaged and were skipped; the newest readable version is used.',
    );
  });
});
