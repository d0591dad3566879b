import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, createPage, addComponent, type Host } from './host';
import { chooseMoreAction } from './toolbar';

/**
 * The editor panel's link tools (editor spec §2, §4, §5, §8, §9; issue "FH Query Builder overlay" and "Link
 * Generator"): the `Link Generators` button opens the Link Generator modal, the `Query Builder` button the FH
 * Query Builder; both insert into the open component. The data is the sample catalogue the host serves; the
 * new page's fascia is site_jd, whose store (faceted-search universe) is jdsportsuk, and its country gb (en_GB).
 */

interface SampleProduct {
  brand: string;
  colour: string;
  category: string;
  isNew: boolean;
  isOnSale: boolean;
  stores: string[];
}
const catalogue = JSON.parse(readFileSync(join(process.cwd(), 'resources/sample/catalogue.json'), 'utf8')) as {
  products: SampleProduct[];
};
const STORE = 'jdsportsuk';

/** How many sample products of the store match: the faceted search's total for the same filters. */
function productCount(
  filter: { category?: string; brand?: string; colour?: string; isOnSale?: boolean; isNew?: boolean } = {},
): number {
  return catalogue.products.filter(
    (product) =>
      product.stores.includes(STORE) &&
      (!filter.category ||
        product.category === filter.category ||
        product.category.startsWith(`${filter.category}/`)) &&
      (!filter.brand || product.brand === filter.brand) &&
      (!filter.colour || product.colour === filter.colour) &&
      (!filter.isOnSale || product.isOnSale) &&
      (!filter.isNew || product.isNew),
  ).length;
}

const found = (count: number): string => (count === 1 ? '1 product found' : `${count} products found`);

async function allowClipboard(page: Page, host: Host): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(host.url).origin });
}

const clipboardText = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText());

test('the link generator builds a category link, copies it and inserts it into the open Main Banner', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'link generator');
  await allowClipboard(page, host);
  await addComponent(page, 'Main Banner');
  // Before: the only Url fields are the three buttons'.
  const row = page.locator('.component-row.open');
  const urls = row.getByRole('textbox', { name: 'Url', exact: true });
  const urlValues = () => urls.evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
  const buttonUrls = ['/men/footwear/trainers/', '/women/footwear/trainers/', '/kids/footwear/trainers/'];
  await expect.poll(urlValues).toEqual(buttonUrls);

  await chooseMoreAction(page, 'Link Generators');
  const dialog = page.getByRole('dialog', { name: 'Link Generator' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Open query builder' })).toBeVisible();

  // Custom is the default type; the platform is fixed to the app; nothing generated yet.
  const type = dialog.getByLabel('Link type');
  await expect(type).toHaveValue('custom');
  await expect(type.locator('option')).toHaveText(['Custom', 'Category', 'Search', 'Link', 'Landing Page']);
  await expect(dialog.getByText('App (fixed)')).toBeVisible();
  const output = dialog.getByLabel('Generated link');
  await expect(output).toHaveValue('');
  await expect(output).toHaveAttribute('placeholder', 'Use form above to generate link.');
  await expect(output).toHaveAttribute('readonly', '');
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Insert into component' })).toBeDisabled();

  await dialog.getByLabel('Target').fill('summer sale');
  await expect(output).toHaveValue('applink://jd?type=CUSTOM&target=summer%20sale');

  // Changing the type resets every field and shows only the category fields.
  await type.selectOption('category');
  await expect(output).toHaveValue('');
  await expect(dialog.getByLabel('Target')).toHaveCount(0);
  for (const label of ['Gender', 'Category', 'Subcategory', 'Facet name', 'Facet value', 'Sale', 'New']) {
    await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole('button', { name: 'Reset' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await expect(dialog.getByLabel('Keywords')).toHaveCount(0);
  await expect(dialog.getByLabel('URL', { exact: true })).toHaveCount(0);

  const gender = dialog.getByLabel('Gender');
  const category = dialog.getByLabel('Category', { exact: true });
  const subcategory = dialog.getByLabel('Subcategory');
  const sale = dialog.getByLabel('Sale', { exact: true });

  // The levels cascade; picking a gender resets the two below it.
  await gender.selectOption('men');
  await category.selectOption('men/footwear');
  await subcategory.selectOption('men/footwear/trainers');
  await expect(output).toHaveValue('applink://jd?type=CATEGORY&target=men%2Ffootwear%2Ftrainers');
  await gender.selectOption('women');
  await expect(category).toHaveValue('');
  await expect(subcategory).toHaveValue('');
  await expect(output).toHaveValue('applink://jd?type=CATEGORY&target=women');

  // Changing any level clears the sale box.
  await sale.check();
  await category.selectOption('women/footwear');
  await expect(sale).not.toBeChecked();

  await gender.selectOption('men');
  await category.selectOption('men/footwear');
  await subcategory.selectOption('men/footwear/trainers');

  // Brand facets exist in this category, so the brand select shows.
  await expect(dialog.getByLabel('Brand', { exact: true })).toBeVisible();

  // A facet pair: name, value, Add.
  await dialog.getByLabel('Facet name').selectOption('colour');
  await dialog.getByLabel('Facet value').selectOption('red');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'Added facets' }).getByRole('listitem')).toHaveText(['Colour: Red']);
  await sale.check();

  const link =
    'applink://jd?type=CATEGORY&target=men%2Ffootwear%2Ftrainers' +
    '&filters=%7B%0A%20%20%22isonsale%22%3A%20%221%22%2C%0A%20%20%22facet%3Acolour%22%3A%20%22red%22%0A%7D';
  await expect(output).toHaveValue(link);

  // Copy: the toast reads exactly so and goes after 750 ms.
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  const copied = page.getByText('Link copied to Clipboard.', { exact: true });
  await expect(copied).toBeVisible();
  await expect(copied).toBeHidden({ timeout: 3_000 });
  expect(await clipboardText(page)).toBe(link);

  // Insert: the target is one of the open Main Banner's own link fields, chosen by the user; the dialog closes,
  // that field alone holds the link, and no field is added.
  const target = dialog.getByLabel('Insert into');
  await expect(target.locator('option')).toHaveText([
    'Main link (desktop and mobile)',
    'Overlay › Ctas 1 (Shop Stride) › Url',
    'Buttons 1 (Men) › Url',
    'Buttons 2 (Women) › Url',
    'Buttons 3 (Kids) › Url',
  ]);
  await target.selectOption({ label: 'Buttons 2 (Women) › Url' });
  await dialog.getByRole('button', { name: 'Insert into component' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Link inserted into the component.', { exact: true })).toBeVisible();
  await expect.poll(urlValues).toEqual([buttonUrls[0], link, buttonUrls[2]]);
  const mainLink = row.getByRole('group', { name: 'Main link' });
  await expect(mainLink.getByLabel('Desktop URL')).toHaveValue('/footwear/trainers/new-in/');
  await expect(mainLink.getByLabel('Mobile URL')).toHaveValue('/footwear/trainers/new-in/');
});

test('the link generator shows only the fields of each link type and resets them', async ({ page, host }) => {
  await createPage(page, host, 'link types');
  await chooseMoreAction(page, 'Link Generators');
  const dialog = page.getByRole('dialog', { name: 'Link Generator' });
  const type = dialog.getByLabel('Link type');
  const output = dialog.getByLabel('Generated link');

  await type.selectOption('search');
  await expect(dialog.getByLabel('Gender')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Reset' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
  await dialog.getByLabel('Keywords').fill('running shoes');
  await dialog.getByLabel('New', { exact: true }).check();
  await expect(output).toHaveValue(
    'applink://jd?type=SEARCH&target=running%20shoes&filters=%7B%0A%20%20%22isnew%22%3A%20%221%22%0A%7D',
  );

  await type.selectOption('link');
  await expect(output).toHaveValue('');
  await expect(dialog.getByLabel('Keywords')).toHaveCount(0);
  await expect(dialog.getByLabel('New', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('URL', { exact: true }).fill('https://www.example.com/a b');
  await expect(output).toHaveValue('applink://jd?type=LINK&target=https%3A%2F%2Fwww.example.com%2Fa%20b');

  await type.selectOption('nav');
  await expect(dialog.getByLabel('URL', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Landing page').selectOption({ label: 'Summer Sale' });
  await expect(output).toHaveValue('applink://jd?type=NAV&target=lp-1001-summer-sale');

  // Reset (category) clears the form but keeps the type.
  await type.selectOption('category');
  await dialog.getByLabel('Gender').selectOption('kids');
  await dialog.getByLabel('New', { exact: true }).check();
  await expect(output).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(type).toHaveValue('category');
  await expect(dialog.getByLabel('Gender')).toHaveValue('');
  await expect(dialog.getByLabel('New', { exact: true })).not.toBeChecked();
  await expect(output).toHaveValue('');

  // The product-feed part opens the query builder over it.
  await dialog.getByRole('button', { name: 'Open query builder' }).click();
  await expect(page.getByRole('dialog', { name: 'FH Query Builder' })).toBeVisible();
});

test('the query builder browses facets, removes filters one by one, clears them and inserts the query', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'query builder');
  await allowClipboard(page, host);
  await addComponent(page, 'Custom HTML');

  await chooseMoreAction(page, 'Query Builder');
  const dialog = page.getByRole('dialog', { name: 'FH Query Builder' });
  await expect(dialog).toBeVisible();
  const query = dialog.getByLabel('Query string');
  const facets = dialog.getByRole('navigation', { name: 'Facets' });
  const tabs = dialog.getByRole('list', { name: 'Filters' });
  const clearAll = dialog.getByRole('button', { name: 'Clear all' });

  // No filter: the whole universe.
  await expect(dialog.getByText(found(productCount()), { exact: true })).toBeVisible();
  await expect(query).toHaveValue('fh_location=//jdsportsuk/en_GB');
  await expect(clearAll).toBeDisabled();

  // Categories is open by default, the others closed; a click toggles a group. Each shows its title and count.
  const categories = facets.getByRole('button', { name: /^Categories *\( *\d+ *\)$/ });
  await expect(categories).toHaveAttribute('aria-expanded', 'true');
  await expect(categories).toContainText('Categories');
  await expect(categories).toContainText('3');
  const brand = facets.getByRole('button', { name: /^Brand *\( *\d+ *\)$/ });
  await expect(brand).toHaveAttribute('aria-expanded', 'false');
  const men = facets.getByRole('button', { name: /^Men *\( *\d+ *\)$/ });
  await expect(men).toBeVisible();
  await categories.click();
  await expect(categories).toHaveAttribute('aria-expanded', 'false');
  await expect(men).toBeHidden();
  await categories.click();
  await expect(categories).toHaveAttribute('aria-expanded', 'true');

  // Drilling down: the category tab follows the trail.
  await men.click();
  await expect(tabs.getByRole('listitem')).toHaveText(['Category: Men']);
  await expect(dialog.getByText(found(productCount({ category: 'men' })), { exact: true })).toBeVisible();
  await facets.getByRole('button', { name: /^Footwear *\( *\d+ *\)$/ }).click();
  await expect(tabs.getByRole('listitem')).toHaveText(['Category: Men › Footwear']);
  await expect(query).toHaveValue('fh_location=//jdsportsuk/en_GB/categories<{men%2Ffootwear}');
  await expect(dialog.getByText(found(productCount({ category: 'men/footwear' })), { exact: true })).toBeVisible();

  await brand.click();
  await expect(brand).toHaveAttribute('aria-expanded', 'true');
  await facets.getByRole('button', { name: /^Harbour *\( *\d+ *\)$/ }).click();
  await expect(query).toHaveValue('fh_location=//jdsportsuk/en_GB/categories<{men%2Ffootwear}/brand>{harbour}');
  await expect(
    dialog.getByText(found(productCount({ category: 'men/footwear', brand: 'Harbour' })), { exact: true }),
  ).toBeVisible();

  // One product: the singular count line.
  expect(productCount({ category: 'men/footwear', brand: 'Harbour', colour: 'White' })).toBe(1);
  await facets.getByRole('button', { name: /^Colour *\( *\d+ *\)$/ }).click();
  await facets.getByRole('button', { name: /^White *\( *\d+ *\)$/ }).click();
  await expect(dialog.getByText('1 product found', { exact: true })).toBeVisible();
  await expect(query).toHaveValue(
    'fh_location=//jdsportsuk/en_GB/categories<{men%2Ffootwear}/brand>{harbour}/colour>{white}',
  );

  // None: no count line at all.
  expect(productCount({ category: 'men/footwear', brand: 'Harbour', colour: 'White', isNew: true })).toBe(0);
  await facets.getByLabel('New in').check();
  await expect(query).toHaveValue(
    'fh_location=//jdsportsuk/en_GB/categories<{men%2Ffootwear}/brand>{harbour}/colour>{white}/isnew=1',
  );
  await expect(dialog.getByText(/products? found/)).toHaveCount(0);
  await expect(tabs.getByRole('listitem')).toHaveText([
    'Category: Men › Footwear',
    'Brand: Harbour',
    'Colour: White',
    'New in',
  ]);

  // Tabs go one by one.
  await dialog.getByRole('button', { name: 'Remove New in' }).click();
  await expect(facets.getByLabel('New in')).not.toBeChecked();
  await expect(dialog.getByText('1 product found', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove Colour: White' }).click();
  await expect(tabs.getByRole('listitem')).toHaveText(['Category: Men › Footwear', 'Brand: Harbour']);
  await expect(query).toHaveValue('fh_location=//jdsportsuk/en_GB/categories<{men%2Ffootwear}/brand>{harbour}');
  await dialog.getByRole('button', { name: 'Remove Brand: Harbour' }).click();
  await expect(tabs.getByRole('listitem')).toHaveText(['Category: Men › Footwear']);
  await expect(dialog.getByText(found(productCount({ category: 'men/footwear' })), { exact: true })).toBeVisible();

  // Clear all: back to the whole universe.
  await facets.getByLabel('On sale').check();
  await expect(query).toHaveValue('fh_location=//jdsportsuk/en_GB/categories<{men%2Ffootwear}/isonsale=1');
  await expect(
    dialog.getByText(found(productCount({ category: 'men/footwear', isOnSale: true })), { exact: true }),
  ).toBeVisible();
  await clearAll.click();
  await expect(tabs).toHaveCount(0);
  await expect(query).toHaveValue('fh_location=//jdsportsuk/en_GB');
  await expect(clearAll).toBeDisabled();
  await expect(dialog.getByText(found(productCount()), { exact: true })).toBeVisible();

  // A slow answer shows the loading message until it arrives.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/fhSearch', async (route) => {
    await held;
    await route.continue();
  });
  await facets.getByRole('button', { name: /^Kids *\( *\d+ *\)$/ }).click();
  await expect(dialog.getByRole('status')).toHaveText('Loading products…');
  release();
  await expect(dialog.getByRole('status')).toHaveCount(0);
  await expect(dialog.getByText(found(productCount({ category: 'kids' })), { exact: true })).toBeVisible();
  await page.unroute('**/api/fhSearch');

  // Copy, then insert into the open Custom HTML, which gains a query field.
  const kids = 'fh_location=//jdsportsuk/en_GB/categories<{kids}';
  await expect(query).toHaveValue(kids);
  await dialog.getByRole('button', { name: 'Copy query' }).click();
  await expect(page.getByText('Query copied to Clipboard.', { exact: true })).toBeVisible();
  expect(await clipboardText(page)).toBe(kids);
  await dialog.getByRole('button', { name: 'Insert into component' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.component-row.open').getByRole('textbox', { name: 'Query', exact: true })).toHaveValue(
    kids,
  );
});
