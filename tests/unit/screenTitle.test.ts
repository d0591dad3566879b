import { describe, expect, it } from 'vitest';
import { editingTitle, screenTitle } from '../../renderer/editor/src/ui/screen';

describe('window titles (issue 16)', () => {
  it('names the screen, then the app', () => {
    expect(screenTitle('Content Editor')).toBe('Content Editor — Storefront Studio');
  });

  it('names the page being edited, then its brand and country as codes', () => {
    expect(screenTitle(editingTitle({ page: 'summer-sale', fascia: 'site_jd', country: 'gb' }))).toBe(
      'Editing summer-sale · JD GB — Storefront Studio',
    );
    expect(editingTitle({ page: 'winter', fascia: 'app_sc', country: 'de' })).toBe('Editing winter · SC DE');
  });
});
