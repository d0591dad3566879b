// Generates the shipped sample catalogue (resources/sample/catalogue.json) that the embedded sample services
// answer from (ARCHITECTURE.md, Data): a category tree gender -> category -> subcategory, several hundred
// products, landing pages and the fascia map (editor spec §3). Plain Node, no dependencies, and a seeded PRNG:
// every run writes the same bytes, so the committed file can be checked against a fresh run.
//
//   node scripts/generate-sample-catalogue.mjs [output path]
//
// The default output path is resources/sample/catalogue.json next to this script's folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SEED = 0x5eed2024;
const PRODUCTS_PER_LEAF = 11;
const SHOTS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** mulberry32: small, fast and identical on every platform (32-bit integer arithmetic only). */
function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (probability) => next() < probability,
  };
}

const random = createRandom(SEED);

// The eight fictional brands, one per shipped logo (resources/sample/images/logo-*.svg).
const BRANDS = ['Apex', 'Harbour', 'Kinetic', 'Meridian', 'Northpeak', 'Stride', 'Summit', 'Volt'];
const MODELS = [
  'Aero',
  'Pulse',
  'Vector',
  'Flux',
  'Core',
  'Drift',
  'Orbit',
  'Tempo',
  'Ridge',
  'Nova',
  'Glide',
  'Surge',
  'Arc',
  'Edge',
];
const COLOURS = [
  { name: 'Black', code: 'BLK' },
  { name: 'White', code: 'WHT' },
  { name: 'Grey', code: 'GRY' },
  { name: 'Navy', code: 'NVY' },
  { name: 'Blue', code: 'BLU' },
  { name: 'Red', code: 'RED' },
  { name: 'Green', code: 'GRN' },
  { name: 'Pink', code: 'PNK' },
  { name: 'Beige', code: 'BGE' },
];

const GENDERS = [
  { name: 'Men', slug: 'men', suffix: '', priceFactor: 1 },
  { name: 'Women', slug: 'women', suffix: " Women's", priceFactor: 1 },
  { name: 'Kids', slug: 'kids', suffix: ' Junior', priceFactor: 0.6 },
];

const SIZES = {
  footwear: {
    men: ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '12'],
    women: ['3', '3.5', '4', '4.5', '5', '5.5', '6', '6.5', '7', '8'],
    kids: ['10', '11', '12', '13', '1', '2', '3'],
  },
  clothing: {
    men: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    women: ['XS', 'S', 'M', 'L', 'XL'],
    kids: ['7-8Y', '9-10Y', '11-12Y', '13-15Y'],
  },
  oneSize: { men: ['One Size'], women: ['One Size'], kids: ['One Size'] },
  football: { men: ['Size 5'], women: ['Size 5'], kids: ['Size 3', 'Size 4'] },
};

// kind: the shipped product artwork (resources/sample/images/product-<kind>-<shot>.svg). A subcategory
// without kind has no products, so the tree has empty nodes for showempty=0/1 to tell apart.
const CATEGORIES = [
  {
    name: 'Footwear',
    slug: 'footwear',
    children: [
      {
        name: 'Trainers',
        slug: 'trainers',
        kind: 'runner',
        noun: 'Trainers',
        sizes: 'footwear',
        price: [55, 160],
        shots: 6,
      },
      {
        name: 'Running',
        slug: 'running',
        kind: 'runner',
        noun: 'Running Shoes',
        sizes: 'footwear',
        price: [65, 180],
        shots: 6,
      },
      { name: 'Boots', slug: 'boots', kind: 'runner', noun: 'Boots', sizes: 'footwear', price: [60, 200], shots: 5 },
      { name: 'Sandals', slug: 'sandals' },
    ],
  },
  {
    name: 'Clothing',
    slug: 'clothing',
    children: [
      {
        name: 'Hoodies',
        slug: 'hoodies',
        kind: 'hoodie',
        noun: 'Hoodie',
        sizes: 'clothing',
        price: [35, 90],
        shots: 6,
      },
      {
        name: 'T-Shirts',
        slug: 't-shirts',
        kind: 'hoodie',
        noun: 'T-Shirt',
        sizes: 'clothing',
        price: [15, 45],
        shots: 4,
      },
      {
        name: 'Jackets',
        slug: 'jackets',
        kind: 'hoodie',
        noun: 'Jacket',
        sizes: 'clothing',
        price: [60, 240],
        shots: 6,
      },
      {
        name: 'Joggers',
        slug: 'joggers',
        kind: 'joggers',
        noun: 'Joggers',
        sizes: 'clothing',
        price: [30, 80],
        shots: 6,
      },
      { name: 'Shorts', slug: 'shorts', kind: 'joggers', noun: 'Shorts', sizes: 'clothing', price: [20, 45], shots: 4 },
    ],
  },
  {
    name: 'Accessories',
    slug: 'accessories',
    children: [
      { name: 'Bags', slug: 'bags', kind: 'backpack', noun: 'Backpack', sizes: 'oneSize', price: [20, 70], shots: 6 },
      { name: 'Caps', slug: 'caps', kind: 'cap', noun: 'Cap', sizes: 'oneSize', price: [15, 35], shots: 4 },
      {
        name: 'Footballs',
        slug: 'footballs',
        kind: 'football',
        noun: 'Football',
        sizes: 'football',
        price: [15, 45],
        shots: 3,
      },
      { name: 'Watches', slug: 'watches' },
    ],
  },
];

const STORES = [
  { id: 'jdsportsuk', name: 'JD Sports UK' },
  { id: 'scottsuk', name: 'Scotts UK' },
  { id: 'tessuti', name: 'Tessuti' },
];

/** Editor spec §3: jd and app_{product} map to one store; sc and app_sc to a second; ts and app_ts to a third. */
const FASCIA_MAP = {
  jd: 'jdsportsuk',
  app_jd: 'jdsportsuk',
  sc: 'scottsuk',
  app_sc: 'scottsuk',
  ts: 'tessuti',
  app_ts: 'tessuti',
};

/** Which stores carry a product: JD carries everything; Scotts is menswear and kids; Tessuti a premium slice. */
const STORE_SHARE = {
  scottsuk: { men: 0.7, women: 0, kids: 0.3 },
  tessuti: { men: 0.45, women: 0.45, kids: 0.2 },
};

const CHANNELS = ['ipad-app', 'android-app-tablet', 'iphone-app', 'android-app-phone'];
const LANDING_PAGES = [
  'Summer Sale',
  'New In',
  'Running Hub',
  'Football Boots Guide',
  'Back to School',
  'Exclusives',
  'Trainer Launches',
  'Gym Essentials',
  'Outdoor Edit',
  'Kids Zone',
  'Gift Guide',
  'Members Rewards',
  'Streetwear Drops',
  'Clearance',
];

function slugify(text) {
  return text
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function money(value) {
  return value.toFixed(2);
}

/** A shop price: whole pounds minus a penny, e.g. 89.99. */
function shopPrice(pounds) {
  return Math.max(1, Math.round(pounds)) - 0.01;
}

function uniqueNumber(used, makeCandidate) {
  for (;;) {
    const candidate = makeCandidate();
    if (!used.has(candidate)) {
      used.add(candidate);
      return candidate;
    }
  }
}

function buildTree() {
  return GENDERS.map((gender) => ({
    name: gender.name,
    path: gender.slug,
    children: CATEGORIES.map((category) => ({
      name: category.name,
      path: `${gender.slug}/${category.slug}`,
      children: category.children.map((sub) => ({
        name: sub.name,
        path: `${gender.slug}/${category.slug}/${sub.slug}`,
        children: [],
      })),
    })),
  }));
}

function buildProducts() {
  const usedPlus = new Set();
  const usedCodes = new Set();
  const products = [];
  for (const gender of GENDERS) {
    for (const category of CATEGORIES) {
      for (const sub of category.children) {
        if (!sub.kind) continue;
        for (let index = 0; index < PRODUCTS_PER_LEAF; index++) {
          const digits = random.int(6, 8);
          const plu = uniqueNumber(usedPlus, () => String(random.int(10 ** (digits - 1), 10 ** digits - 1)));
          const productCode = uniqueNumber(usedCodes, () => `PC-${random.int(100000, 999999)}`);
          const brand = random.pick(BRANDS);
          const colour = random.pick(COLOURS);
          const title = `${brand} ${random.pick(MODELS)} ${sub.noun}${gender.suffix}`;

          const allSizes = SIZES[sub.sizes][gender.slug];
          const first = random.int(0, Math.max(0, allSizes.length - 4));
          const sizes = allSizes.slice(first, first + random.int(Math.min(4, allSizes.length), allSizes.length));

          const was = shopPrice(random.int(sub.price[0], sub.price[1]) * gender.priceFactor);
          const onSale = random.chance(0.3);
          const now = onSale ? Math.min(was - 1, shopPrice(was * (0.5 + random.next() * 0.3))) : was;

          const images = {};
          for (const shot of SHOTS.slice(0, sub.shots)) images[shot] = `/sample/images/product-${sub.kind}-${shot}.svg`;

          const stores = STORES.map((store) => store.id).filter(
            (id) => id === 'jdsportsuk' || random.chance(STORE_SHARE[id][gender.slug]),
          );

          products.push({
            plu,
            productCode,
            secondid: `${plu}-${colour.code}`,
            title,
            brand,
            colour: colour.name,
            sizes,
            category: `${gender.slug}/${category.slug}/${sub.slug}`,
            price: { was: money(was), now: money(now) },
            isNew: random.chance(0.2),
            isOnSale: now < was,
            url: `/product/${slugify(`${colour.name} ${title}`)}/${plu}/`,
            images,
            stores,
          });
        }
      }
    }
  }
  return products;
}

function buildLandingPages() {
  return LANDING_PAGES.map((name, index) => {
    let channels = CHANNELS.filter(() => random.chance(0.6));
    if (channels.length === 0) channels = [random.pick(CHANNELS)];
    const stores = STORES.map((store) => store.id).filter((id) => id === 'jdsportsuk' || random.chance(0.5));
    return { ID: `lp-${1001 + index}-${slugify(name)}`, name, channels, stores };
  });
}

const catalogue = {
  version: 1,
  generatedBy: 'scripts/generate-sample-catalogue.mjs',
  seed: SEED,
  currency: 'GBP',
  stores: STORES,
  fasciaMap: FASCIA_MAP,
  channels: CHANNELS,
  categories: buildTree(),
  products: buildProducts(),
  landingPages: buildLandingPages(),
};

const scriptDir = dirname(fileURLToPath(import.meta.url));
const output = resolve(process.argv[2] ?? resolve(scriptDir, '..', 'resources', 'sample', 'catalogue.json'));
const text = `${JSON.stringify(catalogue, null, 1)}\n`;
mkdirSync(dirname(output), { recursive: true });
writeFileSync(output, text);
console.log(
  `Wrote ${catalogue.products.length} products, ${catalogue.landingPages.length} landing pages to ${output} (${Buffer.byteLength(text)} bytes).`,
);
