import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cssForStyleElement, jsonForScriptElement, PREVIEW_PAGE_DATA_ID } from '../../core/previewDocument';
import { previewContentSecurityPolicy } from '../../core/preview';
import type { Dispatch } from '../../main/host/dispatch';
import type { Component } from '../../core/schemas';

/*
 * Issue 25: Electron's app:// handler serves the preview document with its page rendered, as the browser host
 * does (tests/e2e/serverRender.spec.ts), with the same CSP. Needs `npx electron-vite build` (out/ssr, the
 * renderer's manifest), as bundleSplit.test.ts does.
 */
vi.mock('electron', () => ({
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  app: { isPackaged: false },
}));

const { createAppRequestHandler } = await import('../../main/electron/protocol');

const RENDERER = join(import.meta.dirname, '../../out/renderer');
const BANNER: Component = {
  _component: 'MainBanner',
  _identifier: 'MainBannerElectron1',
  name: 'Banner',
  hidden: false,
  classes: [],
  content: { title: 'Rendered in main' },
};
const DRAFT = { bookmark: 'b1', meta: { customStyles: 'h2 { color: red }' }, components: [BANNER] };

/** The two channels the preview document reads: this draft, and settings without WebP. */
const dispatch: Dispatch = async (channel, payload) => {
  if (channel === 'getDraft')
    return { ok: true, value: { draft: (payload as { bookmark: string }).bookmark === 'b1' ? DRAFT : null } };
  if (channel === 'getSettings') return { ok: true, value: { webpSupport: null } };
  throw new Error(`unexpected channel ${channel}`);
};

describe('the escapes of a server-rendered document', () => {
  it('keep JSON inside its script element and read back as the same value', () => {
    const value = { text: '</script><script>alert(1)</script><!-- \u2028\u2029 & >' };
    const json = jsonForScriptElement(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('keep CSS inside its style element, whatever the case of the closing tag', () => {
    expect(cssForStyleElement('a{} </style><script>x</script></STYLE >')).toBe(
      'a{} <\\/style><script>x</script><\\/STYLE >',
    );
  });
});

describe('Electron’s app:// preview document', () => {
  expect(existsSync(join(RENDERER, '../ssr/preview.js')), 'run `npx electron-vite build` before this test').toBe(true);
  const get = (url: string) =>
    createAppRequestHandler({ rendererDir: RENDERER, sampleDir: join(RENDERER, 'sample') }, dispatch)({ url });

  it('arrives with its page rendered, its data and custom styles, under the preview’s CSP', async () => {
    const response = await get('app://studio/preview/index.html?page=b1');
    const html = await response.text();
    expect(response.headers.get('content-security-policy')).toBe(previewContentSecurityPolicy('app://studio'));
    expect(html).toContain('data-identifier="MainBannerElectron1"');
    expect(html).toContain('>Rendered in main<');
    expect(html).toContain(`<script type="application/json" id="${PREVIEW_PAGE_DATA_ID}">`);
    expect(html).toContain('<style data-page-asset="custom-styles">h2 { color: red }</style>');
  });

  it('arrives as built without a page, or for a page that has no draft', async () => {
    for (const url of ['app://studio/preview/index.html', 'app://studio/preview/index.html?page=missing']) {
      const html = await (await get(url)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(PREVIEW_PAGE_DATA_ID);
    }
  });
});
