import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INSECURE_HTTP_REFUSED,
  isInsecureServiceUrl,
  isLoopbackHost,
  linkUrlProblem,
  serviceUrlProblem,
} from '../../core/rules/urlSafety';
import { linkError } from '../../renderer/editor/src/richtext/validation';

describe('linkUrlProblem: what a rich text link may point at', () => {
  it.each([
    'https://www.jdsports.co.uk/sale/',
    'HTTP://example.com',
    'mailto:help@example.com',
    'tel:+441234567890',
    'applink://jd?type=CUSTOM&target=summer%20sale',
    '/help/student-discount/',
    './terms',
    '../terms',
    'terms.html',
    '#top',
    '?page=2',
    '//cdn.example.com/file.pdf',
    '  https://example.com  ',
  ])('accepts %j', (url) => {
    expect(linkUrlProblem(url)).toBeNull();
  });

  it.each([
    ['javascript:alert(1)', 'javascript'],
    ['JavaScript:alert(1)', 'javascript'],
    ['  javascript:alert(1)', 'javascript'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'data'],
    ['DATA:text/html,<script>alert(1)</script>', 'data'],
    ['vbscript:msgbox(1)', 'vbscript'],
    ['file:///etc/passwd', 'file'],
  ])('refuses %j, naming its scheme', (url, scheme) => {
    expect(linkUrlProblem(url)).toBe(
      `Links starting with "${scheme}:" are not allowed. Use an http(s), mailto:, tel: or applink:// address, or a path on the site such as /help/.`,
    );
  });

  it.each([
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'jav\rascript:alert(1)',
    '\u0001javascript:alert(1)',
    'javascript\u0000:alert(1)',
    'https://a.com/\u007f',
  ])('refuses %j, which hides a scheme behind control characters', (url) => {
    expect(linkUrlProblem(url)).toMatch(/^A link address cannot contain tabs, line breaks or other control characters/);
  });

  it('refuses every casing and padding of javascript: and data:', () => {
    const casing = (word: string) =>
      fc
        .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
        .map((upper) => [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
    fc.assert(
      fc.property(
        fc.oneof(casing('javascript'), casing('data')),
        fc.string(),
        fc.constantFrom('', ' ', '\t', '\n', '\u0000', '\u001f'),
        (scheme, rest, pad) => {
          expect(linkUrlProblem(`${pad}${scheme}:${rest}`)).not.toBeNull();
        },
      ),
    );
  });

  it('is what the Link form checks after its required fields', () => {
    expect(linkError({ url: 'javascript:alert(1)', title: 'Win a prize' })).toMatch(
      /^Links starting with "javascript:"/,
    );
    expect(linkError({ url: '', title: 'x' })).toBe('Ensure all fields are filled in');
    expect(linkError({ url: 'mailto:a@b.c', title: 'Mail us' })).toBeNull();
  });
});

describe('serviceUrlProblem: plain http only on this machine or when allowed', () => {
  it('accepts https anywhere and http on loopback', () => {
    for (const url of [
      'https://mesh.example.com',
      'http://127.0.0.1:8080/',
      'http://localhost:3000',
      'http://[::1]:9000',
      'http://127.1.2.3',
      'http://api.localhost',
    ]) {
      expect(serviceUrlProblem(url, false), url).toBeNull();
    }
  });

  it('refuses plain http to another machine unless insecure http is allowed for it', () => {
    for (const url of [
      'http://mesh.example.com',
      'http://192.168.1.20:8080',
      'http://10.0.0.1',
      'http://127.0.0.1.example.com',
      'http://localhost.example.com',
    ]) {
      expect(serviceUrlProblem(url, false), url).toBe(INSECURE_HTTP_REFUSED);
      expect(serviceUrlProblem(url, true), url).toBeNull();
      expect(isInsecureServiceUrl(url), url).toBe(true);
    }
  });

  it('refuses what is not an http(s) address at all, allowed or not', () => {
    for (const url of ['ftp://example.com', 'not a url', 'file:///etc/passwd']) {
      expect(serviceUrlProblem(url, true), url).toBe('Enter an http or https address');
    }
  });

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('example.com')).toBe(false);
  });
});
