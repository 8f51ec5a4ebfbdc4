// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PREDEFINED_THEMES } from './layout/settings';
import { accessiblePrimary, contrastOnWhite, themeTokens } from './theme';

describe('the accessible primary keeps the brand hue at 4.5:1 or more', () => {
  it('darkens #409EFF (2.78:1 with white) and every predefined theme colour enough', () => {
    expect(contrastOnWhite('#409EFF')).toBeLessThan(3);
    for (const theme of PREDEFINED_THEMES) {
      expect(contrastOnWhite(accessiblePrimary(theme))).toBeGreaterThanOrEqual(4.5);
    }
    expect(accessiblePrimary('#304156')).toBe('#304156');
  });
});

describe('the error red (退卡, 删除, error texts)', () => {
  it("darkens antd's #ff4d4f (3.3:1) to 4.5:1 or more on white", () => {
    expect(contrastOnWhite('#ff4d4f')).toBeLessThan(3.5);
    const red = themeTokens('#409EFF', 14)?.colorError ?? '';
    expect(red).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastOnWhite(red)).toBeGreaterThanOrEqual(4.5);
  });
});
