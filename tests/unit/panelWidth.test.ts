import { describe, expect, it } from 'vitest';
import { firstPanelWidth, PANEL_MAX_SHARE } from '../../renderer/editor/src/app/panelWidth';

describe('the components panel’s first-time width', () => {
  it('is a third of a large window, so the panel’s boxes grow with it', () => {
    expect(firstPanelWidth(1920)).toBe(640);
    expect(firstPanelWidth(2560)).toBe(853);
    expect(firstPanelWidth(1280)).toBe(427);
  });

  it('is never under 420 px, the width the Name and Classes boxes fit in', () => {
    expect(firstPanelWidth(1024)).toBe(420);
    expect(firstPanelWidth(1260)).toBe(420);
  });

  it('leaves the preview its share in a window too narrow for 420 px', () => {
    expect(firstPanelWidth(600)).toBe(Math.round(600 * PANEL_MAX_SHARE));
  });
});
