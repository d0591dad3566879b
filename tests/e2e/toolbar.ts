import type { Page } from '@playwright/test';

/** Picks an action from the editor toolbar's overflow menu ("More actions"), as Link Generators or Styles manager. */
export async function chooseMoreAction(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}
