import { describe, expect, it } from 'vitest';
import { previewLinkTarget, previewNavigationDecision } from '../../core/rules/navigation';

const PREVIEW = 'app://studio/preview/index.html';
const decide = (url: string, linksActive: boolean, kind: 'navigate' | 'new-window' = 'navigate') =>
  previewNavigationDecision({ url, kind, linksActive, previewUrl: PREVIEW });

describe('preview navigation gating', () => {
  it('denies every new window, links active or not', () => {
    expect(decide('https://www.example.com/', true, 'new-window')).toBe('deny');
    expect(decide('https://www.example.com/', false, 'new-window')).toBe('deny');
  });

  it('with links inactive, denies every navigation away from the page', () => {
    expect(decide('https://www.example.com/footwear/', false)).toBe('deny');
    expect(decide('http://uat.example.com/', false)).toBe('deny');
  });

  it('with links active, allows http and https pages of other origins', () => {
    expect(decide('https://www.example.com/footwear/', true)).toBe('allow');
    expect(decide('http://uat.example.com/page', true)).toBe('allow');
  });

  it('denies javascript:, file:, data: and the app’s own other pages even when active', () => {
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,hi',
      'app://studio/editor/index.html',
      'app://studio/preview/../editor/index.html',
      'not a url',
    ]) {
      expect(decide(url, true), url).toBe('deny');
    }
  });

  it('always allows coming back to the preview page', () => {
    expect(decide(PREVIEW, false)).toBe('allow');
    expect(decide(`${PREVIEW}#top`, false)).toBe('allow');
  });

  it('takes only the app’s own scheme and host for the preview: custom schemes all have the origin "null"', () => {
    for (const url of [
      'file:///preview/index.html',
      'evil://studio/preview/index.html',
      'app://elsewhere/preview/index.html',
      'custom://x/preview/index.html',
      'https://studio/preview/index.html',
    ]) {
      expect(decide(url, false), url).toBe('deny');
    }
    // Why origins cannot be compared: Node's URL gives every one of these the preview's origin.
    expect(new URL('file:///preview/index.html').origin).toBe(new URL(PREVIEW).origin);
    // With links active a foreign http(s) page is a link target like any other; the rest stay refused.
    expect(decide('file:///preview/index.html', true)).toBe('deny');
    expect(decide('evil://studio/preview/index.html', true)).toBe('deny');
    expect(decide('app://studio/preview/index.html?load=abc', false)).toBe('allow');
  });

  it('tells the browser host’s preview from another server on the same machine by port', () => {
    const host = 'http://127.0.0.1:5179/preview/index.html';
    const at = (url: string, linksActive: boolean) =>
      previewNavigationDecision({ url, kind: 'navigate', linksActive, previewUrl: host });
    expect(at('http://127.0.0.1:5180/preview/index.html', false)).toBe('deny');
    expect(at('http://127.0.0.1:5179/preview/index.html?load=1', false)).toBe('allow');
    expect(at('https://127.0.0.1:5179/preview/index.html', false)).toBe('deny');
  });

  it('works the same for the browser host’s http origin', () => {
    const host = 'http://127.0.0.1:5179/preview/index.html';
    expect(
      previewNavigationDecision({
        url: 'http://127.0.0.1:5179/editor/index.html',
        kind: 'navigate',
        linksActive: true,
        previewUrl: host,
      }),
    ).toBe('deny');
    expect(
      previewNavigationDecision({
        url: 'https://www.example.com/',
        kind: 'navigate',
        linksActive: true,
        previewUrl: host,
      }),
    ).toBe('allow');
  });
});

describe('where a preview link leads', () => {
  it('resolves relative storefront links against the UAT address, and absolute ones as they are', () => {
    expect(previewLinkTarget('/footwear/trainers/', 'https://uat.example.com/home')).toBe(
      'https://uat.example.com/footwear/trainers/',
    );
    expect(previewLinkTarget('https://www.example.com/x', null)).toBe('https://www.example.com/x');
    expect(previewLinkTarget('/footwear/', null)).toBeNull();
  });
});
