import { describe, expect, it } from 'vitest';
import { itemLabel, positionLabel, singular } from '../../core/rules/itemLabel';
import { productSpotlight } from '../../core/catalogue/productSpotlight';

const pair = { desktop: '/d.jpg', mobile: '/m.jpg' };

describe('itemLabel', () => {
  it('names a product tile by its title and PLU, from the tile or its product details', () => {
    expect(itemLabel({ pluDetails: { plu: '100001', title: 'Apex Core Runner' } }, 2, 'Products')).toBe(
      'Apex Core Runner · PLU 100001',
    );
    expect(itemLabel({ plu: 100002, title: 'Apex Core Runner Pro' }, 0, 'Products')).toBe(
      'Apex Core Runner Pro · PLU 100002',
    );
    expect(itemLabel({ pluDetails: { plu: '100003', title: '' } }, 0, 'Products')).toBe('PLU 100003');
    expect(itemLabel({ pluDetails: { plu: '', title: '' } }, 4, 'Products')).toBe('Product 5');
  });

  it('tells apart two products whose titles start alike', () => {
    const [first, second] = [
      { pluDetails: { plu: '1', title: 'Apex Core Runner Black' } },
      { pluDetails: { plu: '2', title: 'Apex Core Runner White' } },
    ].map((item, index) => itemLabel(item, index, 'Products'));
    expect(first).not.toBe(second);
  });

  it('labels every product of the Product Spotlight template by its content', () => {
    const tabs = productSpotlight.data.content.tabs as { products: unknown[] }[];
    const labels = tabs.flatMap((tab) => tab.products.map((product, index) => itemLabel(product, index, 'Products')));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(/^.+ · PLU \S+$/);
  });

  it('names a call to action "CTA · text", and an item with no name of its own by its first call to action', () => {
    expect(itemLabel({ text: 'Shop now', url: '/sale/' }, 2, 'Ctas')).toBe('CTA · Shop now');
    expect(
      itemLabel(
        {
          images: pair,
          ctas: [
            { text: '', url: '' },
            { text: 'Shop now', url: '/' },
          ],
        },
        0,
        'Slides',
      ),
    ).toBe('CTA · Shop now');
  });

  it('takes the first of title, name, label, heading, header, text; rich text without its markup', () => {
    expect(itemLabel({ title: 'Trainers', text: 'Men' }, 0, 'Slides')).toBe('Trainers');
    expect(itemLabel({ title: '  ', name: 'Stride' }, 0, 'Athletes')).toBe('Stride');
    expect(itemLabel({ label: 'Size', field: 'size' }, 0, 'Headers')).toBe('Size');
    expect(itemLabel({ title: { html: { value: '<p>Big &amp; <b>bold</b></p>' } } }, 0, 'Sections')).toBe('Big & bold');
    expect(itemLabel({ title: 'Two\n  lines' }, 0, 'Slides')).toBe('Two lines');
  });

  it('labels a text or number item as itself', () => {
    expect(itemLabel('Trainers', 0, 'Tags')).toBe('Trainers');
    expect(itemLabel(7, 0, 'Sizes')).toBe('7');
  });

  it("falls back to the list's name in the singular and the position, counting from one", () => {
    expect(itemLabel({}, 0, 'Slides')).toBe('Slide 1');
    expect(itemLabel({ title: '', images: pair }, 3, 'Categories')).toBe('Category 4');
    expect(itemLabel('', 1, 'Tags')).toBe('Tag 2');
    expect(itemLabel(null, 2, 'Boxes')).toBe('Box 3');
    expect(itemLabel([1, 2], 0, 'Rows')).toBe('Row 1');
  });
});

describe('singular', () => {
  it('drops the plural ending English uses', () => {
    expect(['Slides', 'Categories', 'Boxes', 'Matches', 'Address', 'Data'].map(singular)).toEqual([
      'Slide',
      'Category',
      'Box',
      'Match',
      'Address',
      'Data',
    ]);
  });
});

describe('positionLabel', () => {
  it('names an item by its list in the singular and its place, never "Item n"', () => {
    expect(positionLabel('Keywords', 2)).toBe('Keyword 3');
    expect(positionLabel('Categories', 0)).toBe('Category 1');
    expect(itemLabel({}, 1, 'Slides')).toBe('Slide 2');
  });
});
