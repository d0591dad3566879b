import type { Page, Route } from '@playwright/test';
import { test, expect, createPage } from './host';
import { chooseMoreAction } from './toolbar';

/**
 * Parts of the editor load on first use (renderer/editor/src/ui/LazyPart.tsx). Their chunks are held back or
 * refused here, to see what stands in for them: a loading state, then the part with the focus its dialog
 * would have given it; or an error with Retry, which fetches the chunk again.
 */

/** Holds back the chunk of `part` until the returned release() is called. */
async function holdChunk(page: Page, part: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${part}-[\\w-]+\\.js$`), async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a dialog whose part is still loading shows it is, then gives the part its first control the focus', async ({
  page,
  host,
}) => {
  const release = await holdChunk(page, 'QueryBuilder');
  await createPage(page, host, 'lazy loading');
  await chooseMoreAction(page, 'Query Builder');
  const dialog = page.getByRole('dialog', { name: 'FH Query Builder' });
  await expect(dialog.getByRole('status')).toHaveText('Loading the Query Builder…');

  release();
  await expect(dialog.getByRole('status')).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Clear all' })).toBeVisible();
  // The dialog opened with nothing to focus but itself; once the builder is there, one of its controls has it.
  const focusedInside = () =>
    dialog.evaluate(
      (element) =>
        element !== document.activeElement &&
        element.contains(document.activeElement) &&
        document.activeElement?.closest('.query-builder') !== null,
    );
  await expect.poll(focusedInside).toBe(true);
});

test('a part whose chunk cannot be fetched says so, and Retry fetches it again and focuses it', async ({
  page,
  host,
}) => {
  // Refused (the preload link Vite adds, and the import itself) until the network is back.
  let networkBack = false;
  await page.route(/\/assets\/LinkGenerator-[\w-]+\.js$/, (route) =>
    networkBack ? route.continue() : route.abort('connectionfailed'),
  );
  await createPage(page, host, 'lazy retry');
  await chooseMoreAction(page, 'Link Generators');
  const dialog = page.getByRole('dialog', { name: 'Link Generator' });
  const failure = dialog.getByRole('alert');
  await expect(failure).toContainText('The Link Generator could not be loaded:');

  networkBack = true;
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Open query builder' })).toBeFocused();
});
