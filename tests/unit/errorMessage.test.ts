import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../core/rules/errorMessage';
import { StudioError } from '../../core/result';

describe('errorMessage', () => {
  it('is an Error’s message, a StudioError’s included', () => {
    expect(errorMessage(new TypeError('x is not a function'))).toBe('x is not a function');
    expect(errorMessage(new StudioError('failed', 'It broke.'))).toBe('It broke.');
  });

  it('is anything else thrown as text', () => {
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage({ toString: () => 'custom' })).toBe('custom');
  });

  it('never throws, even for values that cannot become text', () => {
    expect(errorMessage(Object.create(null))).toBe('[object Object]');
    expect(
      errorMessage({
        toString() {
          throw new Error('no');
        },
      }),
    ).toBe('[object Object]');
  });
});
