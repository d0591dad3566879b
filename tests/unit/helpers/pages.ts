import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPageContent } from '../../../core/rules/page';
import { emptyPageMeta, type Component, type PageContent, type PageKey } from '../../../core/schemas';

export const HOME_KEY: PageKey = { fascia: 'jd', country: 'gb', page: 'home', source: 'ios', platform: 'app' };

export function banner(title: string): Component {
  return {
    _component: 'Banner',
    _identifier: 'Banner-abcdefghij',
    name: 'Top banner',
    hidden: false,
    classes: [],
    content: { title },
  };
}

/** A banner with two fields, for edits to different fields of one component (issue 23's merges). */
export function hero(title: string, subtitle: string): Component {
  return {
    _component: 'Banner',
    _identifier: 'Banner-hero000000',
    name: 'Hero',
    hidden: false,
    classes: [],
    content: { title, subtitle },
  };
}

/** A second component beside hero, for edits to different components. */
export function promo(title: string): Component {
  return {
    _component: 'Banner',
    _identifier: 'Banner-promo00000',
    name: 'Promo',
    hidden: false,
    classes: [],
    content: { title },
  };
}

/** Valid page content as the editor would save it; the title makes each version's hash different. */
export function makePage(options: { key?: PageKey; title?: string; author?: string; at?: string } = {}): PageContent {
  return buildPageContent({
    key: options.key ?? HOME_KEY,
    meta: { ...emptyPageMeta(), category: 'Trainers' },
    components: [banner(options.title ?? 'Summer sale')],
    author: options.author ?? 'alice@example.com',
    commitMessage: `Set title to ${options.title ?? 'Summer sale'}`,
    apiUrl: 'http://127.0.0.1/',
    now: new Date(options.at ?? '2024-05-01T10:00:00.000Z'),
  });
}

export function makeTempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'studio-test-'));
}
