import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CATALOGUE,
  CAROUSEL_DEFAULTS,
  CAROUSEL_DESKTOP_MIN_WIDTH,
  DEFAULT_ASPECT_RATIO,
  SLIDES_PER_VIEW_DEFAULTS,
  findTemplate,
} from '../../core/catalogue';
import { OPTION_LISTS, isOptionListName } from '../../core/optionLists';
import { newIdentifier } from '../../core/rules/identifier';
import { ComponentSchema, ProductDetailsSchema } from '../../core/schemas';

const RESOURCES = join(import.meta.dirname, '../../resources');
const SAMPLE_IMAGES_DIR = join(RESOURCES, 'sample/images');

// Catalogue spec §3: the first part of the catalogue, then the later component types, in order.
const EXPECTED_NAMES = [
  'Main Banner',
  'Outfit Blueprints',
  'Logo List',
  'Middle Banner',
  'Redefined Section',
  'Spot Carousel',
  'Spot List',
  'Wrap Up',
  'Carousel CE',
  'Blog',
  'Tabbed Banner',
  'Tabbed Timeline',
  'Grid Layout',
  'Sale Banner',
  'Curalate',
  'Tabbed Page',
  'Info Page',
  'Product Spotlight',
  'Custom HTML',
  'Match Banner',
  'Athlete Info',
  'VideoSpot',
  'AbstractSection',
  'Editorial',
  'NewsletterSignup',
  'SelectBoxes',
  'VideoGallery',
  'CountdownBanner',
  'NavigationBanner',
  'FeedBanner',
  'SpotBanner',
  'BrandSelector',
  'StoryStream',
  'Form',
  'TableView',
  'UspBar',
  'FullscreenBanner',
  'BalanceDisplay',
  'ButtonList',
  'GamificationWidget',
  'CouponsCarousel',
  'PopupCarousel',
  'AddToWallet',
  'StoreFilter',
];

type Visit = (key: string, value: unknown, path: string) => void;

/** Calls visit for every value in the tree, with the key it sits under and a readable path. */
function walk(value: unknown, visit: Visit, key = '', path = ''): void {
  visit(key, value, path);
  if (Array.isArray(value)) value.forEach((item, index) => walk(item, visit, key, `${path}[${index}]`));
  else if (typeof value === 'object' && value !== null) {
    for (const [childKey, child] of Object.entries(value)) walk(child, visit, childKey, `${path}.${childKey}`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every value in every template's content, with its key and a path starting at the template's type. */
function everyValue(): { key: string; value: unknown; path: string }[] {
  const found: { key: string; value: unknown; path: string }[] = [];
  for (const entry of CATALOGUE) {
    walk(entry.data.content, (key, value, path) => found.push({ key, value, path }), '', entry.data._component);
  }
  return found;
}

function contentOf(componentType: string): Record<string, unknown> {
  const template = findTemplate(componentType);
  if (!template) throw new Error(`no template for ${componentType}`);
  return template.data.content;
}

const fileForUrl = (url: string): string => join(RESOURCES, url.split('?')[0] ?? url);

/** An SVG's intrinsic size from the width and height of its root element. */
function svgSize(file: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(readFileSync(file, 'utf8'))?.[0] ?? '';
  return {
    width: Number(/\swidth="(\d+)"/.exec(root)?.[1]),
    height: Number(/\sheight="(\d+)"/.exec(root)?.[1]),
  };
}

const ratioOf = (aspect: string): number => {
  const [width, height] = aspect.split(':').map(Number);
  return (width ?? NaN) / (height ?? NaN);
};

const SelectBoxShape = (list: string) =>
  z.object({ selectBox: z.object({ current: z.string(), options: z.literal(list) }) });
const PairShape = z.object({ desktop: z.string(), mobile: z.string() });
const CtaShape = z.object({ text: z.string().min(1), url: z.string().startsWith('/'), invert: z.boolean().optional() });
const SlideLayoutShape = z.object({
  slidesPerView: z.number().positive(),
  slidesPerGroup: z.number().int().positive(),
  slidesPerColumn: z.number().int().positive(),
  spaceBetween: z.number().nonnegative(),
});
const CarouselShape = SlideLayoutShape.extend({
  freeMode: z.boolean(),
  loop: z.boolean(),
  autoplay: z.object({ enabled: z.boolean(), delay: z.number().positive() }),
  breakpoints: z.record(z.string().regex(/^\d+$/), SlideLayoutShape),
  arrows: z.object({
    buttons: z.boolean(),
    fontColor: z.string(),
    showBackground: z.boolean(),
    backgroundColor: z.string(),
    fontSize: SelectBoxShape('fontSizesCarouselArrows'),
    position: z.string(),
    hideMobile: z.boolean(),
  }),
  pagination: z.object({ show: z.boolean(), showOnMobile: z.boolean(), position: z.string() }),
});
type Carousel = z.infer<typeof CarouselShape>;

describe('the catalogue entries', () => {
  it('holds the 44 templates of the spec, in its order', () => {
    expect(CATALOGUE.map((entry) => entry.data._component)).toEqual(
      EXPECTED_NAMES.map((name) => name.replaceAll(' ', '')),
    );
  });

  it('names every template in words, never a run-together type name, and describes it in one line (issue 15)', () => {
    for (const entry of CATALOGUE) {
      expect(entry.name, entry.data._component).not.toMatch(/[a-z][A-Z]/);
      expect(entry.description, entry.name).toMatch(/^[A-Z].{10,80}\.$/);
    }
    expect(findTemplate('VideoSpot')?.name).toBe('Video Spot');
    expect(findTemplate('UspBar')?.name).toBe('USP Bar');
    expect(new Set(CATALOGUE.map((entry) => entry.description)).size).toBe(44);
  });

  it('gives every template a unique name and a unique type name', () => {
    expect(new Set(CATALOGUE.map((entry) => entry.name)).size).toBe(44);
    expect(new Set(CATALOGUE.map((entry) => entry.data._component)).size).toBe(44);
  });

  it('names each type in PascalCase: the display name without its spaces (USP Bar keeps its type UspBar)', () => {
    for (const entry of CATALOGUE) {
      if (entry.data._component !== 'UspBar') expect(entry.data._component).toBe(entry.name.replaceAll(' ', ''));
      expect(entry.data._component).toMatch(/^[A-Z][A-Za-z]+$/);
    }
    expect(CATALOGUE.map((entry) => entry.data._component)).toEqual(
      expect.arrayContaining(['MainBanner', 'CarouselCE', 'CustomHTML', 'ProductSpotlight', 'VideoSpot', 'UspBar']),
    );
  });

  it('finds each template by its type name, and nothing for an unknown type', () => {
    for (const entry of CATALOGUE) expect(findTemplate(entry.data._component)).toBe(entry);
    expect(findTemplate('Main Banner')).toBeUndefined();
    expect(findTemplate('mainbanner')).toBeUndefined();
    expect(findTemplate('')).toBeUndefined();
  });

  it('parses each template as a component, keeping every default field', () => {
    for (const entry of CATALOGUE) {
      const parsed = ComponentSchema.parse({
        _component: entry.data._component,
        _identifier: newIdentifier(entry.data._component),
        content: entry.data.content,
      });
      expect(parsed.content).toEqual(entry.data.content);
      expect(ComponentSchema.shape.content.parse(entry.data.content)).toEqual(entry.data.content);
      expect(Object.keys(entry.data.content).length, entry.name).toBeGreaterThan(0);
    }
  });

  it('holds plain JSON only, so a page saves exactly what the template gave', () => {
    for (const entry of CATALOGUE) {
      expect(JSON.parse(JSON.stringify(entry.data.content))).toEqual(entry.data.content);
    }
    for (const { value, path } of everyValue()) {
      expect(value === undefined || (typeof value === 'number' && !Number.isFinite(value)), path).toBe(false);
    }
  });

  it('is frozen throughout, so no page can change another page’s defaults', () => {
    walk(CATALOGUE, (_key, value, path) => {
      if (typeof value === 'object' && value !== null) expect(Object.isFrozen(value), path).toBe(true);
    });
    const content = contentOf('MainBanner');
    expect(() => {
      content.title = 'Changed';
    }).toThrow(TypeError);
    expect(structuredClone(content)).toEqual(content);
    expect(Object.isFrozen(structuredClone(content))).toBe(false);
  });
});

describe('icons and images', () => {
  it('ships a 48x48 SVG icon per template, named after the type in kebab case', () => {
    const kebab: Record<string, string> = {
      MainBanner: 'main-banner',
      CarouselCE: 'carousel-ce',
      CustomHTML: 'custom-html',
      VideoSpot: 'video-spot',
      UspBar: 'usp-bar',
      AddToWallet: 'add-to-wallet',
    };
    for (const [type, name] of Object.entries(kebab))
      expect(findTemplate(type)?.icon).toBe(`/sample/icons/${name}.svg`);
    for (const entry of CATALOGUE) {
      expect(entry.icon).toMatch(/^\/sample\/icons\/[a-z]+(-[a-z]+)*\.svg$/);
      expect(existsSync(fileForUrl(entry.icon)), entry.icon).toBe(true);
      expect(svgSize(fileForUrl(entry.icon))).toEqual({ width: 48, height: 48 });
    }
    expect(new Set(CATALOGUE.map((entry) => entry.icon)).size).toBe(44);
  });

  it('points every image at a shipped sample file, never at a remote host', () => {
    const sampleUrls = everyValue().filter(
      (found): found is { key: string; value: string; path: string } =>
        typeof found.value === 'string' && found.value.includes('/sample/images/'),
    );
    expect(sampleUrls.length).toBeGreaterThan(100);
    for (const { value, path } of sampleUrls) {
      expect(value, path).toMatch(/^\/sample\/images\/[a-z0-9-]+\.svg$/);
      expect(existsSync(fileForUrl(value)), `${path}: ${value}`).toBe(true);
    }
    for (const { value, path } of everyValue()) {
      if (typeof value !== 'string') continue;
      expect(value, path).not.toMatch(/https?:\/\//);
      if (/\.(svg|png|jpe?g|webp|gif)$/.test(value)) expect(value, path).toMatch(/^\/sample\/(images|icons)\//);
    }
  });

  it('gives every images field both a desktop and a mobile image', () => {
    const imageFields = everyValue().filter(
      ({ key, value }) => key === 'images' && isRecord(value) && 'desktop' in value,
    );
    expect(imageFields.length).toBeGreaterThan(40);
    for (const { value, path } of imageFields) {
      const images = PairShape.parse(value);
      expect(images.desktop, path).toMatch(/^\/sample\/images\//);
      expect(images.mobile, path).toMatch(/^\/sample\/images\//);
    }
  });

  it('declares aspect ratios as width:height that match the intrinsic size of the images beside them', () => {
    let compared = 0;
    for (const { key, value, path } of everyValue()) {
      if (key === 'aspectRatio' || key === 'productAspectRatio') {
        const ratios = PairShape.parse(value);
        expect(ratios.desktop, path).toMatch(/^\d+(\.\d+)?:\d+(\.\d+)?$/);
        expect(ratios.mobile, path).toMatch(/^\d+(\.\d+)?:\d+(\.\d+)?$/);
      }
      if (isRecord(value) && isRecord(value.images) && isRecord(value.aspectRatio)) {
        const images = PairShape.parse(value.images);
        const ratios = PairShape.parse(value.aspectRatio);
        for (const variant of ['desktop', 'mobile'] as const) {
          const { width, height } = svgSize(fileForUrl(images[variant]));
          expect(width / height, `${path}.images.${variant}`).toBeCloseTo(ratioOf(ratios[variant]), 2);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('ships the default banner sizes of the spec (1160x485 desktop, 640x640 mobile) and 600x600 products', () => {
    expect(DEFAULT_ASPECT_RATIO).toEqual({ desktop: '1160:485', mobile: '640:640' });
    const files = readdirSync(SAMPLE_IMAGES_DIR);
    const sizes = (pattern: RegExp) =>
      files.filter((file) => pattern.test(file)).map((file) => svgSize(join(SAMPLE_IMAGES_DIR, file)));
    expect(sizes(/^banner-.*-desktop\.svg$/).length).toBeGreaterThan(0);
    for (const size of sizes(/^banner-.*-desktop\.svg$/)) expect(size).toEqual({ width: 1160, height: 485 });
    for (const size of sizes(/^banner-.*-mobile\.svg$/)) expect(size).toEqual({ width: 640, height: 640 });
    for (const size of sizes(/^product-.*\.svg$/)) expect(size).toEqual({ width: 600, height: 600 });
  });

  it('keeps the shipped sample images small', () => {
    const total = readdirSync(SAMPLE_IMAGES_DIR).reduce(
      (sum, file) => sum + statSync(join(SAMPLE_IMAGES_DIR, file)).size,
      0,
    );
    expect(total).toBeLessThan(600 * 1024);
  });

  it('makes the six shots of a product different images', () => {
    const productFiles = readdirSync(SAMPLE_IMAGES_DIR).filter((file) => file.startsWith('product-runner-'));
    expect(productFiles.sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f'].map((shot) => `product-runner-${shot}.svg`));
    const bodies = productFiles.map((file) => readFileSync(join(SAMPLE_IMAGES_DIR, file), 'utf8'));
    expect(new Set(bodies).size).toBe(6);
  });
});

describe('field conventions (editor spec §3)', () => {
  const selectBoxes = () =>
    everyValue().filter(({ key, value }) => key !== 'selectBox' && isRecord(value) && 'selectBox' in value);

  it('names an existing option list in every select box and picks a value of that list', () => {
    expect(selectBoxes().length).toBeGreaterThan(40);
    for (const { value, path } of selectBoxes()) {
      const { selectBox } = z
        .object({ selectBox: z.object({ current: z.string(), options: z.string() }) })
        .parse(value);
      expect(isOptionListName(selectBox.options), `${path} names ${selectBox.options}`).toBe(true);
      if (isOptionListName(selectBox.options))
        expect(OPTION_LISTS[selectBox.options], path).toContain(selectBox.current);
    }
  });

  it('uses every option list in at least one template', () => {
    const used = new Set(
      selectBoxes().map(
        ({ value }) => z.object({ selectBox: z.object({ options: z.string() }) }).parse(value).selectBox.options,
      ),
    );
    expect([...used].sort()).toEqual(Object.keys(OPTION_LISTS).sort());
  });

  // Every key containing Date holds a date, so the editor never offers a date picker for another kind of field.
  it('gives date keys YYYY-MM-DD values and DateTime keys YYYY-MM-DDTHH:mm values', () => {
    const dated = everyValue().filter(({ key }) => key.includes('Date'));
    expect(dated.map(({ key }) => key)).toEqual(
      expect.arrayContaining(['launchDate', 'startCountdownDateTime', 'saleEndDateTime', 'releaseDate']),
    );
    for (const { key, value, path } of dated) {
      const pattern = key.includes('DateTime') ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/ : /^\d{4}-\d{2}-\d{2}$/;
      expect(value, path).toMatch(pattern);
      expect(Number.isNaN(Date.parse(String(value))), path).toBe(false);
    }
  });

  it('writes rich text as html.value markup', () => {
    const richTexts = everyValue().filter(({ key, value }) => key !== 'html' && isRecord(value) && 'html' in value);
    expect(richTexts.length).toBeGreaterThan(5);
    for (const { value, path } of richTexts) {
      const { html } = z.object({ html: z.object({ value: z.string() }) }).parse(value);
      expect(html.value, path).toMatch(/^<p>.*<\/p>$/s);
    }
  });

  it('gives every product a complete pluDetails with images for shots a to f', () => {
    const products = everyValue().filter(({ key }) => key === 'pluDetails');
    expect(products.length).toBeGreaterThan(10);
    for (const { value, path } of products) {
      const details = ProductDetailsSchema.parse(value);
      expect(Object.keys(details.images).sort(), path).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
      expect(details).toMatchObject({ plu: expect.stringMatching(/^\d+$/), secondid: expect.any(String) });
      expect(details.price.now, path).toMatch(/^\d+\.\d{2}$/);
      for (const shot of Object.values(details.images))
        expect(svgSize(fileForUrl(shot))).toEqual({ width: 600, height: 600 });
    }
  });

  it('gives every call to action a text and a storefront path', () => {
    const ctas = everyValue().filter(({ key, value }) => (key === 'ctas' || key === 'cta') && !Array.isArray(value));
    expect(ctas.length).toBeGreaterThan(40);
    for (const { value, path } of ctas) expect(() => CtaShape.parse(value), path).not.toThrow();
  });

  it('gives every url field a desktop and a mobile address', () => {
    for (const { key, value, path } of everyValue()) {
      if ((key === 'url' || key === 'mainLink') && isRecord(value))
        expect(() => PairShape.parse(value), path).not.toThrow();
    }
  });
});

describe('carousel settings', () => {
  const carousels = () => CATALOGUE.filter((entry) => 'carousel' in entry.data.content);

  it('gives every carousel template the complete settings of the spec', () => {
    expect(carousels().map((entry) => entry.data._component)).toEqual(
      expect.arrayContaining([
        'LogoList',
        'ProductSpotlight',
        'SpotCarousel',
        'Blog',
        'OutfitBlueprints',
        'AthleteInfo',
      ]),
    );
    for (const entry of carousels())
      expect(() => CarouselShape.parse(entry.data.content.carousel), entry.name).not.toThrow();
    expect(() => CarouselShape.parse(CAROUSEL_DEFAULTS)).not.toThrow();
  });

  const carouselOf = (componentType: string): Carousel => CarouselShape.parse(contentOf(componentType).carousel);
  const perView = (carousel: Carousel) =>
    Object.fromEntries([
      ['base', carousel.slidesPerView],
      ...Object.entries(carousel.breakpoints).map(([width, layout]) => [width, layout.slidesPerView]),
    ]);

  // Catalogue spec §9, mobile first: base is the smallest screens, then from each min width up.
  it.each([
    ['LogoList', { base: 3, '480': 5, '768': 7 }],
    ['ProductSpotlight', { base: 1.5, '768': 4 }],
    ['SpotCarousel', { base: 1, '768': 4 }],
    ['Blog', { base: 1, '768': 3 }],
    ['OutfitBlueprints', { base: 3, '768': 6 }],
    ['AthleteInfo', { base: 1, '768': 5 }],
  ])('%s shows the slides per view of §9', (componentType, expected) => {
    expect(perView(carouselOf(componentType))).toEqual(expected);
  });

  it('spaces Blog posts 50px apart on every screen', () => {
    const blog = carouselOf('Blog');
    expect(blog.spaceBetween).toBe(50);
    for (const layout of Object.values(blog.breakpoints)) expect(layout.spaceBetween).toBe(50);
  });

  it('lays Outfit Blueprints out in 2 rows on mobile and 1 row from 768px', () => {
    const outfits = carouselOf('OutfitBlueprints');
    expect(outfits.slidesPerColumn).toBe(2);
    expect(outfits.breakpoints['768']?.slidesPerColumn).toBe(1);
  });

  it('switches to the desktop layout one pixel past the 767px breakpoint', () => {
    expect(CAROUSEL_DESKTOP_MIN_WIDTH).toBe(768);
    for (const componentType of Object.keys(SLIDES_PER_VIEW_DEFAULTS)) {
      const widths = Object.keys(carouselOf(componentType).breakpoints).map(Number);
      expect(Math.max(...widths), componentType).toBe(768);
    }
  });

  it('builds each §9 template from the exported slides-per-view defaults', () => {
    for (const [componentType, slides] of Object.entries(SLIDES_PER_VIEW_DEFAULTS)) {
      const carousel = carouselOf(componentType);
      expect(carousel, componentType).toMatchObject(slides.base);
      expect(carousel.breakpoints, componentType).toMatchObject(slides.breakpoints);
    }
  });

  it('starts other carousels on one slide, still and not looping', () => {
    expect(CAROUSEL_DEFAULTS).toMatchObject({
      slidesPerView: 1,
      loop: false,
      autoplay: { enabled: false },
      breakpoints: {},
    });
  });
});

describe('template defaults', () => {
  it('Main Banner: title and subtitle sizes, overlay, buttons and their layout', () => {
    const banner = z
      .object({
        title: z.string().min(1),
        subtitle: z.string().min(1),
        fontSize: z.object({
          title: SelectBoxShape('fontSizesMainBannerTitle'),
          subtitle: SelectBoxShape('fontSizesMainBannerSubtitle'),
        }),
        invertText: z.boolean(),
        mainLink: PairShape,
        images: PairShape,
        aspectRatio: PairShape,
        overlay: z.object({
          showOverlay: z.boolean(),
          width: z.number(),
          position: SelectBoxShape('bannerPositions'),
          images: PairShape,
          ctas: z.array(CtaShape),
        }),
        buttons: z
          .array(
            z.object({
              text: z.string(),
              id: z.string(),
              url: z.string(),
              invert: z.boolean(),
              color: z.string(),
              categories: z.array(z.string()),
              subCategories: z.array(z.string()),
            }),
          )
          .min(1),
        buttonAlignment: z.string(),
        roundedButtons: z.boolean(),
      })
      .parse(contentOf('MainBanner'));
    expect(banner.aspectRatio).toEqual({ desktop: '1160:485', mobile: '640:640' });
    expect(new Set(banner.buttons.map((button) => button.id)).size).toBe(banner.buttons.length);
  });

  it('Product Spotlight: tabs of products priced in pounds, shot a by default and b on hover', () => {
    const spotlight = z
      .object({
        theme: SelectBoxShape('themes'),
        tabs: z
          .array(
            z.object({ title: z.string(), products: z.array(z.object({ pluDetails: ProductDetailsSchema })).min(4) }),
          )
          .min(1),
        currency: z.object({ symbol: z.string(), location: SelectBoxShape('currencyLocation'), text: z.string() }),
        imageShots: z.object({ default: SelectBoxShape('imageShots'), hover: SelectBoxShape('imageShots') }),
        aspectRatio: PairShape,
      })
      .parse(contentOf('ProductSpotlight'));
    expect(spotlight.currency.symbol).toBe('£');
    expect(spotlight.imageShots.default.selectBox.current).toBe('a');
    expect(spotlight.imageShots.hover.selectBox.current).toBe('b');
  });

  it('Athlete Info: athletes with an about section, media flags, an info image and a video', () => {
    const { athletes } = z
      .object({
        athletes: z
          .array(
            z.object({
              name: z.string().min(1),
              aboutAthlete: z.object({
                header: z.string(),
                info: z.array(z.object({ label: z.string(), value: z.string() })).min(1),
              }),
              media: z.record(z.string(), z.boolean()),
              infoImage: z.string(),
              video: z.object({
                videos: PairShape,
                overlayImages: PairShape,
                overlay: z.object({ showOverlay: z.boolean() }).loose(),
                settings: z.record(z.string(), z.boolean()),
              }),
            }),
          )
          .min(5),
      })
      .parse(contentOf('AthleteInfo'));
    expect(new Set(athletes.map((athlete) => athlete.infoImage)).size).toBe(athletes.length);
  });

  it('Blog: a GET link to the posts feed with embedded media, 12 per page', () => {
    const blog = z
      .object({
        apiLink: z.string(),
        header: z.object({ title: z.string() }).loose(),
        cta: CtaShape,
        postStyling: z.record(z.string(), z.unknown()),
        dataToShow: z.object({ author: z.boolean(), excerpt: z.boolean() }),
        theme: SelectBoxShape('themes'),
      })
      .parse(contentOf('Blog'));
    const link = new URL(blog.apiLink, 'http://storefront.invalid');
    expect(link.searchParams.has('_embed')).toBe(true);
    expect(link.searchParams.get('per_page')).toBe('12');
  });

  it('Curalate: site, locale, code, tag filter, a 2000ms wait and script class names', () => {
    const curalate = z
      .object({
        siteName: z.string().min(1),
        locale: SelectBoxShape('socialContentLocales'),
        code: z.string().min(1),
        filterTag: z.string(),
        waitTime: z.number(),
        scriptClassNames: z.string().min(1),
      })
      .parse(contentOf('Curalate'));
    expect(curalate.waitTime).toBe(2000);
  });

  it('CountdownBanner: launch date and time, countdown start, time zone, and texts, links and ctas per phase', () => {
    const Phase = z.object({
      texts: z.object({ title: z.string().min(1) }).loose(),
      links: PairShape,
      ctas: z.array(CtaShape).min(1),
    });
    const countdown = z
      .object({
        launchDate: z.string(),
        launchTime: z.string().regex(/^\d{2}:\d{2}$/),
        startCountdownDateTime: z.string(),
        timezone: SelectBoxShape('countdownTimeZones'),
        parallax: z.boolean(),
        beforeStart: Phase,
        duringCountdown: Phase,
        completed: Phase,
      })
      .parse(contentOf('CountdownBanner'));
    // The countdown starts before the launch it counts down to.
    expect(countdown.startCountdownDateTime < `${countdown.launchDate}T${countdown.launchTime}`).toBe(true);
  });

  it('TableView: typed headers, rows with a value of that type for every header, sorting and pagination', () => {
    const table = z
      .object({
        headers: z
          .array(
            z.object({
              label: z.string(),
              field: z.string(),
              sortable: z.boolean(),
              type: SelectBoxShape('tableContentTypes'),
              displayMobile: z.boolean(),
            }),
          )
          .min(1),
        rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))).min(1),
        sortOptions: z.object({ field: z.string(), direction: z.enum(['asc', 'desc']) }),
        pagination: z.object({ enabled: z.boolean(), itemsPerPage: z.number().int().positive(), align: z.string() }),
      })
      .parse(contentOf('TableView'));
    for (const row of table.rows) {
      for (const header of table.headers) {
        expect(typeof row[header.field]).toBe(header.type.selectBox.current === 'Number' ? 'number' : 'string');
      }
    }
    expect(table.headers.map((header) => header.field)).toContain(table.sortOptions.field);
  });

  it('PopupCarousel: modal and placeholder slides, each with audience filters', () => {
    const { slides } = z
      .object({
        slides: z.array(
          z.object({
            type: z.enum(['modal', 'placeholder']),
            filters: z.object({
              uatId: z.string(),
              prodId: z.string(),
              showForAllUsers: z.boolean(),
              description: z.string(),
            }),
          }),
        ),
      })
      .parse(contentOf('PopupCarousel'));
    expect(new Set(slides.map((slide) => slide.type))).toEqual(new Set(['modal', 'placeholder']));
    for (const { filters } of slides) {
      // A slide either targets a segment in both environments or shows for everyone.
      expect(filters.showForAllUsers || (filters.uatId !== '' && filters.prodId !== '')).toBe(true);
    }
  });

  it.each(['BalanceDisplay', 'ButtonList', 'GamificationWidget', 'CouponsCarousel', 'AddToWallet'])(
    '%s: a campaign id per environment and buttons that navigate or link',
    (componentType) => {
      const loyalty = z
        .object({
          campaignID: z.object({ uat: z.string().min(1), prod: z.string().min(1) }),
          buttons: z
            .array(
              z.object({
                text: z.string().min(1),
                variant: z.string(),
                action: z.enum(['navigation', 'link']),
                data: z.string().min(1),
              }),
            )
            .min(1),
        })
        .parse(contentOf(componentType));
      expect(loyalty.campaignID.uat).not.toBe(loyalty.campaignID.prod);
    },
  );

  it('Custom HTML: a plain markup string, not rich text', () => {
    const { markup } = z.object({ markup: z.string() }).parse(contentOf('CustomHTML'));
    expect(markup).toMatch(/^<div class="custom">[\s\S]*<\/div>$/);
    expect(contentOf('CustomHTML')).not.toHaveProperty('html');
  });

  it('Form: fields typed by the input types list', () => {
    const { fields } = z
      .object({
        fields: z
          .array(
            z.object({
              label: z.string(),
              name: z.string(),
              type: SelectBoxShape('inputTypes'),
              required: z.boolean(),
            }),
          )
          .min(1),
      })
      .parse(contentOf('Form'));
    expect(new Set(fields.map((field) => field.name)).size).toBe(fields.length);
  });
});
