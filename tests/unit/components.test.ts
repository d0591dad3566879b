import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { componentFromTemplate, parseClasses, uniqueName, type TemplateData } from '../../core/rules/components';
import { ComponentSchema } from '../../core/schemas';

const fixedBytes = (bytes: number[]) => () => Uint8Array.from(bytes);

function template(): TemplateData {
  return {
    name: 'Main Banner',
    data: {
      _component: 'MainBanner',
      content: {
        title: 'Hello',
        size: { selectBox: { current: 'l', options: 'sizes' } },
        body: { html: { value: '<p>x</p>' } },
        slides: [{ image: 'a.jpg', link: { url: '/a' } }],
      },
    },
  };
}

describe('uniqueName', () => {
  it('keeps the base name when it is free', () => {
    expect(uniqueName('Banner', [])).toBe('Banner');
    expect(uniqueName('Banner', ['Carousel', 'Banner 2'])).toBe('Banner');
  });

  it('numbers from 2 when the base name is taken', () => {
    expect(uniqueName('Banner', ['Banner'])).toBe('Banner 2');
  });

  it('takes the first free number', () => {
    expect(uniqueName('Banner', ['Banner', 'Banner 2', 'Banner 3'])).toBe('Banner 4');
    expect(uniqueName('Banner', ['Banner', 'Banner 3'])).toBe('Banner 2');
  });

  it('accepts any iterable of names', () => {
    expect(uniqueName('Banner', new Set(['Banner']))).toBe('Banner 2');
    function* names() {
      yield 'Banner';
      yield 'Banner 2';
    }
    expect(uniqueName('Banner', names())).toBe('Banner 3');
  });

  it('compares names exactly', () => {
    expect(uniqueName('Banner', ['banner', 'Banner '])).toBe('Banner');
  });

  it('gives a name not in the list for a series of additions', () => {
    const taken: string[] = [];
    for (let i = 0; i < 20; i++) {
      const name = uniqueName('Banner', taken);
      expect(taken).not.toContain(name);
      taken.push(name);
    }
    expect(new Set(taken).size).toBe(20);
  });
});

describe('componentFromTemplate', () => {
  it('builds a component from the template with a fresh identifier and a unique name', () => {
    const component = componentFromTemplate(template(), ['Main Banner'], fixedBytes([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(component).toEqual({
      _component: 'MainBanner',
      _identifier: 'MainBannerabcdefghij',
      name: 'Main Banner 2',
      hidden: false,
      classes: [],
      content: template().data.content,
    });
    expect(ComponentSchema.parse(component)).toEqual(component);
  });

  it('deep-copies the defaults: mutating the result leaves the template untouched', () => {
    const source = template();
    const component = componentFromTemplate(source, []);
    expect(component.content).not.toBe(source.data.content);
    const content = component.content as ReturnType<typeof template>['data']['content'] & {
      size: { selectBox: { current: string } };
      body: { html: { value: string } };
      slides: { image: string; link: { url: string } }[];
    };
    content.title = 'Changed';
    content.size.selectBox.current = 's';
    content.body.html.value = '';
    content.slides[0]!.link.url = '/changed';
    content.slides.push({ image: 'b.jpg', link: { url: '/b' } });
    expect(source).toEqual(template());
  });

  it('works from a frozen template', () => {
    const frozen = template();
    const freeze = (value: unknown): unknown => {
      if (value && typeof value === 'object') {
        Object.values(value).forEach(freeze);
        Object.freeze(value);
      }
      return value;
    };
    freeze(frozen);
    const component = componentFromTemplate(frozen, []);
    expect(Object.isFrozen(component.content)).toBe(false);
    (component.content as { title: string }).title = 'Mine';
    expect(frozen.data.content.title).toBe('Hello');
  });

  it('gives each new component its own identifier, prefixed by the type name', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const id = componentFromTemplate(template(), [])._identifier;
      expect(id).toMatch(/^MainBanner[a-zA-Z0-9]{10}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(200);
  });

  it('uses the injected random bytes for the identifier', () => {
    const a = componentFromTemplate(template(), [], fixedBytes(Array(10).fill(26)));
    expect(a._identifier).toBe('MainBannerAAAAAAAAAA');
  });
});

describe('parseClasses', () => {
  it('splits on commas, trims, and drops empties', () => {
    expect(parseClasses(' wide, dark ,,hero ,')).toEqual(['wide', 'dark', 'hero']);
  });

  it('gives an empty list for nothing typed', () => {
    expect(parseClasses('')).toEqual([]);
    expect(parseClasses('   ')).toEqual([]);
    expect(parseClasses(' , ,')).toEqual([]);
  });

  it('keeps a single class and its case', () => {
    expect(parseClasses('Hero-Banner')).toEqual(['Hero-Banner']);
  });

  it('names each class once, the first in its place, and splits at spaces', () => {
    expect(parseClasses('hero, dark, hero ,  dark,wide')).toEqual(['hero', 'dark', 'wide']);
    expect(parseClasses(' hero  dark , hero\twide ')).toEqual(['hero', 'dark', 'wide']);
    // Case matters in a class attribute: these are two classes.
    expect(parseClasses('Hero, hero')).toEqual(['Hero', 'hero']);
  });

  it('gives a list with no blanks and no repeats whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const classes = parseClasses(text);
        expect(new Set(classes).size).toBe(classes.length);
        for (const name of classes) expect(name).toMatch(/^[^\s,]+$/);
        expect(parseClasses(classes.join(', '))).toEqual(classes);
      }),
    );
  });

  it('round-trips with the comma-joined display', () => {
    const classes = ['a', 'b-c', 'd_e'];
    expect(parseClasses(classes.join(', '))).toEqual(classes);
  });
});
