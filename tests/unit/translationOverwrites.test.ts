import { describe, expect, it } from 'vitest';
import { applyTranslations, textsEditedIn, translationRequests } from '../../core/rules/translation';
import type { Component } from '../../core/schemas';

const component = (content: Record<string, unknown>): Component => ({
  _component: 'MainBanner',
  _identifier: 'MainBanner1',
  name: 'Main Banner',
  hidden: false,
  classes: [],
  content,
});

const primary = [
  component({
    title: 'Summer sale',
    body: { html: { value: '<p>Up to half price</p>' } },
    ctas: [{ text: 'Shop now', url: '/sale/' }],
  }),
];

describe('the texts a translation would replace that a country has made its own', () => {
  it('counts none while the country holds the primary’s texts', () => {
    expect(textsEditedIn(primary, structuredClone(primary), 'de')).toEqual([]);
  });

  it('names each text and rich text the country changed, and only those', () => {
    const edited = structuredClone(primary);
    edited[0]!.content.title = 'Sommerschlussverkauf';
    (edited[0]!.content.ctas as { text: string }[])[0]!.text = 'Jetzt kaufen';
    expect(textsEditedIn(primary, edited, 'de')).toEqual([
      [0, 'content', 'title'],
      [0, 'content', 'ctas', 0, 'text'],
    ]);
    edited[0]!.content.body = { html: { value: '<p>Bis zu halben Preis</p>' } };
    expect(textsEditedIn(primary, edited, 'de')).toHaveLength(3);
  });

  it('ignores places the country has no text of the same kind (which a translation would not write either)', () => {
    const different = [component({ title: { html: { value: 'Anders' } }, ctas: [] })];
    expect(textsEditedIn(primary, different, 'de')).toEqual([]);
    const results = translationRequests(primary, 'de').map(({ path, isHtml }) => ({ path, isHtml, text: 'X' }));
    expect(applyTranslations(different, results)).toEqual(different);
  });

  it('counts a text a previous translation wrote: translating again would replace it', () => {
    const results = translationRequests(primary, 'de').map(({ path, isHtml }) => ({ path, isHtml, text: 'Übersetzt' }));
    const translated = applyTranslations(primary, results);
    expect(textsEditedIn(primary, translated, 'de')).toHaveLength(results.length);
  });
});
