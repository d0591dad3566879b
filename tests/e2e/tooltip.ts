import type { Locator, Page } from '@playwright/test';
import { expect } from './host';

/** Focuses `trigger` from the keyboard's side and checks the Radix tooltip it opens says `text`; Escape closes it. */
export async function expectTooltip(page: Page, trigger: Locator, text: string): Promise<void> {
  // A button just clicked keeps the focus, and focusing it again fires no focus event: leave it first.
  await trigger.blur();
  await trigger.focus();
  await expect(page.getByRole('tooltip')).toHaveText(text);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}
