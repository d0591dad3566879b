import { describe, expect, it } from 'vitest';
import { linkTargets, queryFieldOf, withLinkAt, withQueryInserted } from '../../core/rules/insertIntoComponent';
import type { Component } from '../../core/schemas';

const component = (content: Record<string, unknown>): Component => ({
  _component: 'X',
  _identifier: 'X1',
  name: 'X',
  hidden: false,
  classes: [],
  content,
});
const LINK = 'applink://jd?type=CUSTOM&target=sale';

describe('the fields a generated link can go into', () => {
  const banner = component({
    title: 'Trainers',
    mainLink: { desktop: '/a', mobile: '/b' },
    buttons: [
      { text: 'Shop Men', url: '/men/' },
      { text: 'Shop Women', url: '/women/' },
    ],
    image: { desktop: 'd.jpg', mobile: 'm.jpg' },
    apiLink: 'https://blog.example.com/feed.json',
    pluDetails: { plu: '1', title: 'Shoe', url: '/product/1/' },
    overlay: { ctas: [{ text: 'Go', url: '/go/' }] },
  });

  it('lists url-like texts and pairs at any depth, named by their item, and nothing else', () => {
    expect(linkTargets(banner)).toEqual([
      { path: ['mainLink'], label: 'Main link', pair: true },
      { path: ['buttons', 0, 'url'], label: 'Buttons 1 (Shop Men) › Url', pair: false },
      { path: ['buttons', 1, 'url'], label: 'Buttons 2 (Shop Women) › Url', pair: false },
      { path: ['overlay', 'ctas', 0, 'url'], label: 'Overlay › Ctas 1 (Go) › Url', pair: false },
    ]);
  });

  it('finds none in a component without link fields', () => {
    expect(linkTargets(component({ title: 'T', html: '<p>x</p>' }))).toEqual([]);
  });

  it('writes into the chosen field only; a pair gets the link on desktop and mobile', () => {
    const intoButton = withLinkAt(banner, ['buttons', 1, 'url'], LINK);
    expect(intoButton.content.buttons).toEqual([
      { text: 'Shop Men', url: '/men/' },
      { text: 'Shop Women', url: LINK },
    ]);
    expect(intoButton.content.mainLink).toEqual({ desktop: '/a', mobile: '/b' });
    expect(withLinkAt(banner, ['mainLink'], LINK).content.mainLink).toEqual({ desktop: LINK, mobile: LINK });
  });

  it('never adds a field: a path that is not a link field leaves the component as it is', () => {
    for (const path of [['url'], ['title'], ['apiLink'], ['buttons', 5, 'url'], ['pluDetails', 'url']]) {
      expect(withLinkAt(banner, path, LINK)).toBe(banner);
    }
  });

  it('any target it lists takes the link and keeps every key of the component', () => {
    for (const target of linkTargets(banner)) {
      const next = withLinkAt(banner, target.path, LINK);
      expect(next).not.toBe(banner);
      expect(Object.keys(next.content)).toEqual(Object.keys(banner.content));
      expect(linkTargets(next).map((each) => each.path)).toEqual(linkTargets(banner).map((each) => each.path));
    }
  });
});

describe('inserting a query string', () => {
  it('writes into an existing query-like text field, else into query', () => {
    expect(queryFieldOf(component({ feedQuery: '' }))).toBe('feedQuery');
    expect(queryFieldOf(component({ title: '' }))).toBe('query');
    const query = 'fh_location=//jdsportsuk/en_GB/isonsale=1';
    expect(withQueryInserted(component({ fhLocation: 'old' }), query).content.fhLocation).toBe(query);
    expect(withQueryInserted(component({ title: 'T' }), query).content).toEqual({ title: 'T', query });
  });
});
