import { test, expect, createPage, addComponent } from './host';
import { expectTooltip } from './tooltip';

/*
 * Issue 15: icon buttons explain themselves in a Radix tooltip (not the native title, which the keyboard never
 * shows), on keyboard focus as on hover, while their accessible names stay as they were.
 */

test('an icon button shows its tooltip on keyboard focus, and keeps its name', async ({ page, host }) => {
  await createPage(page, host, 'tooltips');
  await addComponent(page, 'Table View');
  const grid = page.getByRole('table', { name: 'Table rows' });
  const removeRow = grid.getByRole('button', { name: 'Remove row 1', exact: true });
  await expect(removeRow).not.toHaveAttribute('title');
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // Shift+Tab from the row's first cell lands on its remove button: the tip opens without a pointer.
  await grid.getByRole('textbox', { name: 'Range, row 1', exact: true }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(removeRow).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('Remove row 1');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // A column's remove button names the column in its tip as in its name.
  const removeColumn = page.getByRole('button', { name: /^Remove column / }).first();
  const name = (await removeColumn.getAttribute('aria-label')) ?? '';
  await expectTooltip(page, removeColumn, name);
});
