import { describe, expect, it } from 'vitest';
import { queryFieldOf, withLinkInserted, withQueryInserted } from '../../core/rules/insertIntoComponent';
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

describe('inserting a generated link', () => {
  it('fills both halves of a url pair', () => {
    expect(withLinkInserted(component({ url: { desktop: '/a', mobile: '/b' } }), LINK).content.url).toEqual({
      desktop: LINK,
      mobile: LINK,
    });
  });
  it('replaces a plain url', () => {
    expect(withLinkInserted(component({ url: '/a' }), LINK).content.url).toBe(LINK);
  });
  it('uses the first CTA when there is no url, and adds a url when there is neither', () => {
    const withCtas = withLinkInserted(
      component({
        ctas: [
          { text: 'Go', url: '/a' },
          { text: 'Two', url: '/b' },
        ],
      }),
      LINK,
    );
    expect(withCtas.content.ctas).toEqual([
      { text: 'Go', url: LINK },
      { text: 'Two', url: '/b' },
    ]);
    expect(withLinkInserted(component({ title: 'T' }), LINK).content).toEqual({ title: 'T', url: LINK });
  });
  it('leaves a component whose url is something else alone', () => {
    const odd = component({ url: 42 });
    expect(withLinkInserted(odd, LINK)).toBe(odd);
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
