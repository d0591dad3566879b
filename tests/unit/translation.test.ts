import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../core/countries';
import { StudioError } from '../../core/result';
import {
  applyTranslations,
  isTranslatableKey,
  translationRequests,
  translationTargets,
  type TranslationResult,
} from '../../core/rules/translation';
import type { Component } from '../../core/schemas';
import { createTranslationClient } from '../../main/services/translation';
import {
  createGlossaryTranslator,
  parseGlossary,
  sampleTranslationPlugin,
  translatorFor,
} from '../../main/services/sampleTranslation';
import { servePlugin } from './helpers/samplePlugin';

const GLOSSARY_PATH = fileURLToPath(new URL('../../resources/sample/glossary.json', import.meta.url));

const component = (type: string, content: Record<string, unknown>): Component => ({
  _component: type,
  _identifier: `${type}0123456789`,
  name: type,
  hidden: false,
  classes: [],
  content,
});

/** A page with texts in every convention of spec §3 and many values that must not be translated. */
function primaryPage(): Component[] {
  return [
    component('MainBanner', {
      title: 'New Season Trainers',
      subtitle: 'Fresh drops',
      fontSize: { title: { selectBox: { current: '48px', options: 'fontSizesMainBannerTitle' } } },
      invertText: false,
      mainLink: { desktop: '/footwear/trainers/', mobile: '/footwear/trainers/' },
      images: { desktop: 'https://img.example/banner.jpg', mobile: '/sample/images/banner.svg' },
      buttons: [{ text: 'Men', id: 'main-banner-men', url: '/men/', color: '#111111', categories: ['Men'] }],
      overlay: { showOverlay: true, width: 40, ctas: [{ text: 'Shop Now', url: '/shop/', invert: false }] },
    }),
    component('Form', {
      placeholder: 'Enter your email address',
      buttonText: 'Sign Up',
      consentText: { html: { value: '<p>By signing up you <b>agree</b>.</p>' } },
      successMessage: 'Thanks!',
      titleColor: '#ffffff',
      textPosition: 'left',
      width: 12,
      startDate: '2024-01-01',
      emptyRich: { html: { value: '<p></p>' } },
      header: '',
    }),
    component('Products', {
      title: 'Trending Now',
      pluDetails: { plu: '100001', title: 'Stride Aero Runner', brand: 'Stride' },
      products: [{ plu: '100002', title: 'Apex Hoodie', secondid: '100002_nvy' }],
      texts: { title: 'Last Chance', subtitle: '50%' },
      labels: ['one'],
      label: ['Sale', 'New In'],
    }),
  ];
}

describe('translationRequests', () => {
  it('collects the translatable texts of the primary, with paths, in page order', () => {
    const requests = translationRequests(primaryPage(), 'de');
    expect(requests.map(({ path, text, isHtml }) => ({ path, text, isHtml }))).toEqual([
      { path: [0, 'content', 'title'], text: 'New Season Trainers', isHtml: false },
      { path: [0, 'content', 'subtitle'], text: 'Fresh drops', isHtml: false },
      { path: [0, 'content', 'buttons', 0, 'text'], text: 'Men', isHtml: false },
      { path: [0, 'content', 'overlay', 'ctas', 0, 'text'], text: 'Shop Now', isHtml: false },
      { path: [1, 'content', 'placeholder'], text: 'Enter your email address', isHtml: false },
      { path: [1, 'content', 'buttonText'], text: 'Sign Up', isHtml: false },
      { path: [1, 'content', 'consentText'], text: '<p>By signing up you <b>agree</b>.</p>', isHtml: true },
      { path: [1, 'content', 'successMessage'], text: 'Thanks!', isHtml: false },
      { path: [2, 'content', 'title'], text: 'Trending Now', isHtml: false },
      { path: [2, 'content', 'texts', 'title'], text: 'Last Chance', isHtml: false },
      { path: [2, 'content', 'label', 0], text: 'Sale', isHtml: false },
      { path: [2, 'content', 'label', 1], text: 'New In', isHtml: false },
    ]);
    expect(requests.every((request) => request.language === 'de')).toBe(true);
  });

  it('decides text keys by name and camelCase suffix', () => {
    for (const key of [
      'title',
      'subtitle',
      'text',
      'header',
      'description',
      'label',
      'buttonText',
      'altText',
      'successMessage',
    ]) {
      expect(isTranslatableKey(key), key).toBe(true);
    }
    for (const key of ['url', 'id', 'color', 'titleColor', 'textPosition', 'images', 'Text', 'name', 'slug']) {
      expect(isTranslatableKey(key), key).toBe(false);
    }
  });

  it('finds nothing on a page without text', () => {
    expect(translationRequests([component('Spacer', { height: 20, url: '/x' })], 'fr')).toEqual([]);
  });
});

describe('applyTranslations', () => {
  const results = (): TranslationResult[] => [
    { path: [0, 'content', 'title'], text: 'Neue Saison Sneaker', isHtml: false },
    { path: [0, 'content', 'buttons', 0, 'text'], text: 'Herren', isHtml: false },
    { path: [1, 'content', 'consentText'], text: '<p>Mit der Anmeldung <b>stimmst</b> du zu.</p>', isHtml: true },
    { path: [2, 'content', 'label', 1], text: 'Neuheiten', isHtml: false },
  ];

  it('writes each text at its path and wraps html as {html: {value}}, leaving the input alone', () => {
    const before = primaryPage();
    const after = applyTranslations(before, results());
    expect(after[0]?.content.title).toBe('Neue Saison Sneaker');
    expect((after[0]?.content.buttons as { text: string; url: string }[])[0]).toMatchObject({
      text: 'Herren',
      url: '/men/',
    });
    expect(after[1]?.content.consentText).toEqual({
      html: { value: '<p>Mit der Anmeldung <b>stimmst</b> du zu.</p>' },
    });
    expect(after[2]?.content.label).toEqual(['Sale', 'Neuheiten']);
    // Everything else as it was, and the input not changed.
    expect(after[0]?.content.subtitle).toBe('Fresh drops');
    expect(before).toEqual(primaryPage());
    expect(after[0]?._identifier).toBe(before[0]?._identifier);
  });

  it('round-trips requests answered one to one', () => {
    const requests = translationRequests(primaryPage(), 'fr');
    const after = applyTranslations(
      primaryPage(),
      requests.map((request) => ({ path: request.path, isHtml: request.isHtml, text: `[fr] ${request.text}` })),
    );
    expect(translationRequests(after, 'fr').map((request) => request.text)).toEqual(
      requests.map((r) => `[fr] ${r.text}`),
    );
  });

  it('skips paths the country does not have, or has with another kind of value', () => {
    const other = [component('MainBanner', { title: { html: { value: 'x' } }, buttons: [] })];
    const after = applyTranslations(other, [
      ...results(),
      { path: [0, 'content', 'subtitle'], text: 'new field', isHtml: false },
      { path: [0, 'content', 'buttons', 'length'], text: 'x', isHtml: false },
      { path: ['0' as unknown as number, 'content', 'title'], text: 'x', isHtml: false },
    ]);
    expect(after).toEqual(other);
  });

  it('writes to the non-selected countries other than the primary', () => {
    expect(translationTargets('gb', 'gb', ['gb', 'de', 'fr'])).toEqual(['de', 'fr']);
    expect(translationTargets('gb', 'de', ['gb', 'de', 'fr'])).toEqual(['fr']);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The client, against local servers

const servers: Server[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function listen(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Recorded {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A server that records every request and answers with `reply`. */
async function recordingServer(reply: { status: number; body: string; contentType?: string }) {
  const requests: Recorded[] = [];
  const url = await listen((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
      response.end(reply.body);
    });
  });
  return { url, requests };
}

/** The translation plugin served alone, as the embedded content server registers it; closed after the test. */
async function serveTranslation(glossaryPath: string): Promise<string> {
  const served = await servePlugin(sampleTranslationPlugin, { glossaryPath });
  closers.push(() => served.close());
  return served.url;
}

async function studioError(promise: Promise<unknown>): Promise<StudioError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof StudioError)) throw new Error(`expected a StudioError, got ${String(error)}`);
  return error;
}

describe('createTranslationClient', () => {
  it('POSTs exactly {ObjectId: 0, Language, Text} as JSON to {baseUrl}/translate, without credentials', async () => {
    const server = await recordingServer({ status: 200, body: JSON.stringify({ text: 'Jetzt shoppen', extra: 1 }) });
    const client = createTranslationClient(server.url);
    expect(await client.translate('de', 'Shop Now')).toBe('Jetzt shoppen');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/translate');
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.body).toBe('{"ObjectId":0,"Language":"de","Text":"Shop Now"}');
    expect(JSON.parse(request?.body ?? '')).toStrictEqual({ ObjectId: 0, Language: 'de', Text: 'Shop Now' });
  });

  it('keeps a path prefix of the base address, with or without a trailing slash', async () => {
    const server = await recordingServer({ status: 200, body: '{"text":"x"}' });
    await createTranslationClient(`${server.url}/api/`).translate('fr', 'a');
    await createTranslationClient(`${server.url}/api`).translate('fr', 'b');
    expect(server.requests.map((request) => request.url)).toEqual(['/api/translate', '/api/translate']);
  });

  it('refuses an address carrying credentials, and one that is not http', () => {
    expect(() => createTranslationClient('http://user:secret@127.0.0.1:1')).toThrow(/without credentials/);
    expect(() => createTranslationClient('file:///etc/passwd')).toThrow(StudioError);
    expect(() => createTranslationClient('not a url')).toThrow(/not a valid URL/);
  });

  it("turns a 500 into 'failed', naming the service, without retrying", async () => {
    const server = await recordingServer({ status: 500, body: JSON.stringify({ error: { message: 'boom' } }) });
    const error = await studioError(createTranslationClient(server.url).translate('de', 'Sale'));
    expect(error.code).toBe('failed');
    expect(error.message).toContain(`The translation service at ${server.url}`);
    expect(error.message).toContain('HTTP 500: boom');
    expect(server.requests).toHaveLength(1);
  });

  it("turns a 503 into 'unavailable'", async () => {
    const server = await recordingServer({ status: 503, body: 'down' });
    const error = await studioError(createTranslationClient(server.url).translate('de', 'Sale'));
    expect(error.code).toBe('unavailable');
    expect(error.message).toMatch(/translation service .* not available/);
  });

  it("turns a dead port into 'unavailable'", async () => {
    const url = await listen(() => {});
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const error = await studioError(createTranslationClient(url).translate('de', 'Sale'));
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain(`The translation service at ${url} is not reachable`);
  });

  it("turns a silent service into 'unavailable' after the timeout", async () => {
    const url = await listen(() => {
      // never answers
    });
    const error = await studioError(createTranslationClient(url, { timeoutMs: 200 }).translate('de', 'Sale'));
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('no answer within 0.2 s');
  });

  it("turns malformed JSON and a wrong shape into 'failed'", async () => {
    const broken = await recordingServer({ status: 200, body: '{"text": ' });
    const notJson = await studioError(createTranslationClient(broken.url).translate('de', 'Sale'));
    expect(notJson.code).toBe('failed');
    expect(notJson.message).toMatch(/translation service .* not JSON/);

    const wrong = await recordingServer({ status: 200, body: '{"translation":"Angebote"}' });
    const shape = await studioError(createTranslationClient(wrong.url).translate('de', 'Sale'));
    expect(shape.code).toBe('failed');
    expect(shape.message).toMatch(/translation service .* unexpected shape/);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The sample translation service

describe('the shipped glossary', () => {
  const glossary = parseGlossary(JSON.parse(readFileSync(GLOSSARY_PATH, 'utf8')));

  it('gives every country of the list a language', () => {
    for (const code of COUNTRY_CODES) {
      const covered = glossary.english.includes(code) || code in glossary.sameAs || code in glossary.languages;
      expect(covered, code).toBe(true);
    }
    expect(glossary.sameAs).toEqual({ at: 'de', be: 'fr' });
  });

  it('has about forty phrases in every language, the same ones', () => {
    const tables = Object.values(glossary.languages);
    expect(tables.length).toBe(12);
    const keys = Object.keys(glossary.languages.de ?? {}).sort();
    expect(keys.length).toBeGreaterThanOrEqual(40);
    for (const phrase of ['Shop Now', 'New In', 'Sale', 'Free Delivery', 'Trainers']) expect(keys).toContain(phrase);
    for (const table of tables) expect(Object.keys(table).sort()).toEqual(keys);
  });

  it('refuses a glossary that leaves a country out', () => {
    const raw = JSON.parse(readFileSync(GLOSSARY_PATH, 'utf8')) as { english: string[] };
    raw.english = raw.english.filter((code) => code !== 'us');
    expect(() => parseGlossary(raw)).toThrow(/country us has no language/);
  });

  it('translates for a country through its language, English ones unchanged', () => {
    expect(translatorFor(glossary, 'at')('Shop Now')).toBe('Jetzt shoppen');
    expect(translatorFor(glossary, 'be')('Sale')).toBe('Soldes');
    expect(translatorFor(glossary, 'gb')('Shop Now')).toBe('Shop Now');
  });
});

describe('createGlossaryTranslator', () => {
  const translate = createGlossaryTranslator({
    'Shop Now': 'Jetzt shoppen',
    Shop: 'Shoppen',
    New: 'Neu',
    'New Season': 'Neue Saison',
    Trainers: 'Sneaker',
    'T-Shirts': 'T-Shirts DE',
    Sale: 'Angebote',
  });

  it('matches the whole string first, ignoring case and extra spaces, keeping the outer spaces', () => {
    expect(translate('Shop Now')).toBe('Jetzt shoppen');
    expect(translate('  shop   now ')).toBe('  Jetzt shoppen ');
  });

  it('then phrase by phrase, longest first, word by word otherwise', () => {
    expect(translate('New Season Trainers')).toBe('Neue Saison Sneaker');
    expect(translate('New Trainers!')).toBe('Neu Sneaker!');
    expect(translate('Shop. Now')).toBe('Shoppen. Now');
    expect(translate('Cheap T-Shirts')).toBe('Cheap T-Shirts DE');
  });

  it('keeps capitals', () => {
    expect(translate('SALE')).toBe('ANGEBOTE');
    expect(translate('BIG SALE on Trainers')).toBe('BIG ANGEBOTE on Sneaker');
  });

  it('translates between HTML tags and never inside them', () => {
    expect(translate('<p class="Sale">Shop <b>New Season</b> Trainers</p>')).toBe(
      '<p class="Sale">Shoppen <b>Neue Saison</b> Sneaker</p>',
    );
    expect(translate('<p>Shop Now</p><script>var Sale = 1;</script><!-- Sale -->')).toBe(
      '<p>Jetzt shoppen</p><script>var Sale = 1;</script><!-- Sale -->',
    );
  });

  it('returns unknown text unchanged', () => {
    expect(translate('Something else entirely')).toBe('Something else entirely');
    expect(translate('')).toBe('');
  });
});

describe('sampleTranslationPlugin', () => {
  it('answers POST /translate through the real client', async () => {
    const url = await serveTranslation(GLOSSARY_PATH);
    const client = createTranslationClient(url);
    expect(await client.translate('de', 'Shop Now')).toBe('Jetzt shoppen');
    expect(await client.translate('fr', 'Free Delivery')).toBe('Livraison gratuite');
    expect(await client.translate('at', 'New Season Trainers')).toBe('Neue Saison Sneaker');
    expect(await client.translate('be', '<p>New In: <b>Trainers</b></p>')).toBe('<p>Nouveautés: <b>Baskets</b></p>');
    expect(await client.translate('kr', 'Sale')).toBe('세일');
    expect(await client.translate('th', 'Free Delivery')).toBe('จัดส่งฟรี');
    expect(await client.translate('se', 'SALE')).toBe('REA');
    expect(await client.translate('gb', 'Shop Now')).toBe('Shop Now');
    expect(await client.translate('us', '<p>Sale</p>')).toBe('<p>Sale</p>');
    expect(await client.translate('es', 'Quantum flux')).toBe('Quantum flux');
  });

  it('leaves other paths to the server', async () => {
    const url = await serveTranslation(GLOSSARY_PATH);
    const response = await fetch(`${url}/translation`, { method: 'POST' });
    expect(response.status).toBe(404);
  });

  it('refuses the wrong method, media type, body and language', async () => {
    const url = await serveTranslation(GLOSSARY_PATH);
    const get = await fetch(`${url}/translate`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');

    const text = await fetch(`${url}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(text.status).toBe(415);

    const post = (body: string) =>
      fetch(`${url}/translate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const notJson = await post('{');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { message: string } }).error.message).toMatch(/not valid JSON/);

    const noText = await post(JSON.stringify({ ObjectId: 0, Language: 'de' }));
    expect(noText.status).toBe(400);

    const unknown = await post(JSON.stringify({ ObjectId: 0, Language: 'xx', Text: 'Sale' }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('invalid-input');

    const big = await post(JSON.stringify({ ObjectId: 0, Language: 'de', Text: 'x'.repeat(300 * 1024) }));
    expect(big.status).toBe(413);
  });

  it('reads the body as the other routes do, within its own limit, with or without a trailing slash', async () => {
    const url = await serveTranslation(GLOSSARY_PATH);
    const big = await fetch(`${url}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ObjectId: 0, Language: 'de', Text: 'x'.repeat(300 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      error: { code: 'too-large', message: 'The request body is larger than 256 KB (the limit).' },
    });

    const bare = await fetch(`${url}/translate`, { method: 'POST' });
    expect(bare.status).toBe(415);
    expect(((await bare.json()) as { error: { code: string } }).error.code).toBe('unsupported-media-type');

    const empty = await fetch(`${url}/translate`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);

    const slashed = await fetch(`${url}/translate/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ ObjectId: 1, Language: 'DE', Text: 'Shop Now' }),
    });
    expect(await slashed.json()).toEqual({ text: 'Jetzt shoppen' });
    const get = await fetch(`${url}/translate/`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it("answers 503 when the glossary cannot be read, which the client reports as 'unavailable'", async () => {
    const url = await serveTranslation('/nonexistent/glossary.json');
    const error = await studioError(createTranslationClient(url).translate('de', 'Sale'));
    expect(error.code).toBe('unavailable');
  });
});
