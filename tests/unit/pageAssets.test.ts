import { describe, expect, it } from 'vitest';
import { checkAssetUrl, isHttpUrl, isHttpsUrl } from '../../core/rules/pageAssets';

describe('page asset URLs (Styles manager, Script manager)', () => {
  it('accepts absolute http and https URLs only', () => {
    expect(isHttpUrl('https://cdn.example.com/a.css')).toBe(true);
    expect(isHttpUrl('HTTP://cdn.example.com/a.js?v=2#x')).toBe(true);
    for (const text of [
      'javascript:alert(1)',
      'data:text/css,body{}',
      'file:///etc/passwd',
      '//cdn.example.com/a.css',
      '/local.css',
      'http:cdn.example.com',
      'https://',
      'https://cdn.example.com/a b.css',
      'ftp://cdn.example.com/a.css',
    ]) {
      expect(isHttpUrl(text), text).toBe(false);
    }
  });

  it('trims, refuses empty, malformed and repeated URLs with a message', () => {
    expect(checkAssetUrl('  https://cdn.example.com/a.css ', [], 'stylesheet')).toEqual({
      ok: true,
      url: 'https://cdn.example.com/a.css',
    });
    expect(checkAssetUrl(' ', [], 'script')).toEqual({ ok: false, message: 'Enter a script URL.' });
    expect(checkAssetUrl('javascript:alert(1)', [], 'script')).toEqual({
      ok: false,
      message: 'Enter a full https:// URL, e.g. https://cdn.example.com/scripts/sale.js',
    });
    expect(checkAssetUrl('https://cdn.example.com/a.css', ['https://cdn.example.com/a.css'], 'stylesheet')).toEqual({
      ok: false,
      message: 'That stylesheet is already in the list.',
    });
  });

  it('refuses plain http URLs, loopback included, with a message saying to use https', () => {
    expect(isHttpsUrl('https://cdn.example.com/a.js')).toBe(true);
    expect(isHttpsUrl('HTTPS://cdn.example.com/a.js')).toBe(true);
    for (const url of [
      'http://cdn.example.com/a.js',
      'http://127.0.0.1:8080/a.js',
      'http://localhost/a.css',
      'javascript:alert(1)',
      '//cdn.example.com/a.js',
    ]) {
      expect(isHttpsUrl(url), url).toBe(false);
    }
    expect(checkAssetUrl('http://cdn.example.com/a.js', [], 'script')).toEqual({
      ok: false,
      message: 'Use https://: a script over plain http:// is blocked on the live https pages and is not loaded here.',
    });
  });
});
