import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues } from '../../core/contract';
import { MAX_QUOTED_CHARS, quote } from '../../core/rules/quote';
import { useStudioServices } from './helpers/services';

describe('quote: a value inside an error message', () => {
  it('keeps short values whole', () => {
    expect(quote('jd')).toBe('jd');
    expect(quote('x'.repeat(MAX_QUOTED_CHARS))).toBe('x'.repeat(MAX_QUOTED_CHARS));
    expect(quote(42)).toBe('42');
    expect(quote({ a: 1 })).toBe('{"a":1}');
  });

  it('cuts a long value to 100 characters and says how long it was', () => {
    expect(quote('y'.repeat(10 * 1024 * 1024))).toBe(`${'y'.repeat(100)}… (10485760 characters)`);
  });

  it('never ends on half of a surrogate pair', () => {
    const text = `${'a'.repeat(99)}😀${'b'.repeat(50)}`;
    expect(quote(text)).toBe(`${'a'.repeat(99)}… (${text.length} characters)`);
  });

  it('quotes values JSON cannot write', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(quote(cycle)).toBe('{…}');
    expect(quote(10n)).toBe('10');
    let deep: unknown = [];
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(quote(deep)).toBe('[…]');
    expect(quote(undefined)).toBe('undefined');
  });
});

describe('describeIssues', () => {
  it('quotes record keys in paths and unrecognised keys in messages', () => {
    const long = 'k'.repeat(5000);
    const record = z.record(z.string().max(5), z.string()).safeParse({ [long]: 'v' });
    expect(record.success).toBe(false);
    if (!record.success) expect(describeIssues(record.error)).not.toContain('k'.repeat(101));
    const strict = z.strictObject({}).safeParse({ [long]: 1 });
    expect(strict.success).toBe(false);
    if (!strict.success)
      expect(describeIssues(strict.error)).toBe(`(root): Unrecognized keys: ${'k'.repeat(100)}… (5000 characters)`);
  });

  it('lists the first ten issues and counts the rest', () => {
    const parsed = z.array(z.string()).safeParse(Array.from({ length: 5000 }, () => 1));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const message = describeIssues(parsed.error);
    expect(message.split('; ')).toHaveLength(11);
    expect(message).toMatch(/^0: Invalid input: expected string, received number; 1: .*; and 4990 more$/);
  });
});

describe('values in service errors are quoted', () => {
  const services = useStudioServices();

  it('a 500-character category path comes back cut to 100 characters', async () => {
    const path = `men/${'p'.repeat(496)}`;
    const result = await services.current.dispatch('meshCategoryProducts', {
      fascia: 'jd',
      path,
      isNew: false,
      isOnSale: false,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toMatch(
      /^The mesh service answered 404 for http:\/\/127\.0\.0\.1:\d+\/stores\/jdsportsuk\/.*… \(\d+ characters\)/,
    );
    expect(result.error.message).not.toContain('p'.repeat(101));
  });
});
