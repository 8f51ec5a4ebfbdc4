// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PREDEFINED_THEMES } from './layout/settings';
import { accessiblePrimary, contrastOnWhite } from './theme';

describe('the accessible primary keeps the brand hue at 4.5:1 or more', () => {
  it('darkens #409EFF (2.78:1 with white) and every predefined theme colour enough', () => {
    expect(contrastOnWhite('#409EFF')).toBeLessThan(3);
    for (const theme of PREDEFINED_THEMES) {
      expect(contrastOnWhite(accessiblePrimary(theme))).toBeGreaterThanOrEqual(4.5);
    }
    expect(accessiblePrimary('#304156')).toBe('#304156');
  });
});
