import type { Page } from '@playwright/test';
import { test, expect, type Host } from './host';

const openSettings = async (page: Page, host: Host): Promise<void> => {
  await page.goto(`${host.url}/editor/index.html#/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
};

const saveSettings = async (page: Page): Promise<void> => {
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
};

test('settings: sample services, a mesh address and a store id are saved and survive a reload', async ({
  page,
  host,
}) => {
  await openSettings(page, host);
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '#/services/content-editor');

  // On by default; off and on again, each saved.
  const samples = page.getByLabel('Use sample services');
  await expect(samples).toBeChecked();
  await samples.uncheck();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await saveSettings(page);
  await page.reload();
  await expect(page.getByLabel('Use sample services')).not.toBeChecked();
  await page.getByLabel('Use sample services').check();
  await saveSettings(page);
  await page.reload();
  await expect(page.getByLabel('Use sample services')).toBeChecked();

  // A mesh address and an edited store id, in one save.
  await page.getByLabel('Mesh service').fill('https://mesh.example.com/api');
  await expect(page.getByLabel('Store for jd')).toHaveValue('jdsportsuk');
  await page.getByLabel('Store for jd').fill('jdsports-test');
  await saveSettings(page);

  await page.reload();
  await expect(page.getByLabel('Mesh service')).toHaveValue('https://mesh.example.com/api');
  await expect(page.getByLabel('Store for jd')).toHaveValue('jdsports-test');
  await expect(page.getByLabel('Store for sc')).toHaveValue('scottsuk');
  await expect(page.getByLabel('Content service')).toHaveValue('');
});

test('settings: the mesh api key is saved and only its hint is shown', async ({ page, host }) => {
  const key = 'mesh-secret-key-0123456789-wxyz';
  await openSettings(page, host);
  await expect(page.getByText('Not set', { exact: true })).toBeVisible();

  const input = page.getByLabel('Mesh api key');
  await expect(input).toHaveAttribute('type', 'password');
  await input.fill(key);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText('Set (…wxyz)')).toBeVisible();
  await expect(input).toHaveValue('');
  expect(await page.content()).not.toContain(key);

  await page.reload();
  await expect(page.getByText('Set (…wxyz)')).toBeVisible();
  await expect(page.getByLabel('Mesh api key')).toHaveValue('');
  expect(await page.content()).not.toContain(key);
  expect(await page.evaluate(() => document.body.innerText)).not.toContain(key);

  await page.getByRole('button', { name: 'Forget key' }).click();
  await expect(page.getByText('Not set', { exact: true })).toBeVisible();
});

test('settings: an invalid address shows a message and saves nothing', async ({ page, host }) => {
  await openSettings(page, host);
  const mesh = page.getByLabel('Mesh service');
  await mesh.fill('mesh.example.com');
  await page.getByLabel('Store for ts').fill('tessuti-new');
  await page.getByRole('button', { name: 'Save settings' }).click();

  await expect(page.getByText('Enter an http or https address')).toBeVisible();
  await expect(mesh).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Settings were not saved' })).toBeVisible();
  await expect(page.getByText('Settings saved.')).toHaveCount(0);
  // The form keeps what was typed.
  await expect(mesh).toHaveValue('mesh.example.com');
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Mesh service')).toHaveValue('');
  await expect(page.getByLabel('Store for ts')).toHaveValue('tessuti');

  // An empty store id is refused too.
  await page.getByLabel('Store for ts').fill('  ');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('A store id cannot be empty')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Store for ts')).toHaveValue('tessuti');
});

test('settings: fascia rows are added and removed', async ({ page, host }) => {
  await openSettings(page, host);
  await page.getByLabel('New fascia code').fill('app_fp');
  await page.getByLabel('New store id').fill('footpatrol');
  await page.getByRole('button', { name: 'Add fascia' }).click();
  await expect(page.getByLabel('Store for app_fp')).toHaveValue('footpatrol');
  await page.getByRole('button', { name: 'Remove app_ts' }).click();
  await expect(page.getByLabel('Store for app_ts')).toHaveCount(0);
  await saveSettings(page);

  await page.reload();
  await expect(page.getByLabel('Store for app_fp')).toHaveValue('footpatrol');
  await expect(page.getByLabel('Store for app_ts')).toHaveCount(0);
  await expect(page.getByLabel('Store for ts')).toHaveValue('tessuti');
});

test('settings: when main refuses the save, its message is shown and the form keeps what was typed', async ({
  page,
  host,
}) => {
  await openSettings(page, host);
  await page.route('**/api/updateSettings', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        ok: false,
        // As main answers: the message for people, the issue paths for the form (core/result.ts InputIssue).
        error: {
          code: 'invalid-input',
          message: 'Invalid request for updateSettings: serviceUrls.translation: Enter an http or https address',
          details: { issues: [{ path: ['serviceUrls', 'translation'], message: 'Enter an http or https address' }] },
        },
      }),
    }),
  );
  await page.getByLabel('Translation service').fill('https://translate.example.com');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Settings were not saved: Invalid request for updateSettings' }),
  ).toBeVisible();
  await expect(page.getByLabel('Translation service')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Translation service')).toHaveValue('https://translate.example.com');
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await page.unroute('**/api/updateSettings');
  await saveSettings(page);
  await page.reload();
  await expect(page.getByLabel('Translation service')).toHaveValue('https://translate.example.com');
});

test('settings: without secure storage (the browser host) the key is said to be kept for this session only', async ({
  page,
  host,
}) => {
  await openSettings(page, host);
  const keySection = page.getByRole('group', { name: 'Mesh api key' });
  await expect(keySection).toContainText(
    "The system's secure storage is unavailable, so the key is kept for this session only",
  );
  await expect(keySection).not.toContainText('keeps it in the system');
  await page.getByLabel('Mesh api key').fill('mesh-secret-key-0123456789-wxyz');
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText('Set (…wxyz), for this session only')).toBeVisible();
});

test('settings: plain http to another machine is refused unless allowed for that address, with a warning', async ({
  page,
  host,
}) => {
  await openSettings(page, host);
  const mesh = page.getByLabel('Mesh service');
  await mesh.fill('http://mesh.example.com/api');
  const allow = page.getByLabel('Allow insecure http for this address');
  await expect(allow).not.toBeChecked();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(/^Use https: over plain http/)).toBeVisible();
  await expect(page.getByText('Settings saved.')).toHaveCount(0);

  await allow.check();
  await expect(page.getByRole('note')).toContainText('Insecure: this address is reached over plain http');
  await saveSettings(page);
  await page.reload();
  await expect(page.getByLabel('Mesh service')).toHaveValue('http://mesh.example.com/api');
  await expect(page.getByLabel('Allow insecure http for this address')).toBeChecked();

  // Loopback needs no consent, and https none either: the box is not offered.
  await page.getByLabel('Translation service').fill('http://127.0.0.1:8080');
  await page.getByLabel('Mesh service').fill('https://mesh.example.com/api');
  await expect(page.getByLabel('Allow insecure http for this address')).toHaveCount(0);
  await saveSettings(page);
});
