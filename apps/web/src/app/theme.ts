import type { ThemeConfig } from 'antd';

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
/** WCAG contrast of a colour against white. */
export const contrastOnWhite = (hex: string) => 1.05 / (luminance(channels(hex)) + 0.05);
const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The theme colour darkened (same hue, towards black) until white text on it, and it as text on white,
 * reach 4.6:1: #409EFF gives #3076bf. Buttons, links, active tabs and switches use it; the chosen
 * colour stays the brand in the settings swatch, the logo and the sidebar's selected mark.
 */
export function accessiblePrimary(theme: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(theme)) return theme;
  const rgb = channels(theme);
  for (let f = 1; f > 0.2; f -= 0.01) {
    const darker = rgb.map((c) => c * f);
    if (contrastOnWhite(toHex(darker)) >= 4.6) return toHex(darker);
  }
  return '#000000';
}

/** A shade of `hex` (f < 1 darker): hover and pressed states go darker, not lighter, so their text keeps 4.5:1. */
const shade = (hex: string, f: number) => (/^#[0-9a-f]{6}$/i.test(hex) ? toHex(channels(hex).map((c) => c * f)) : hex);

/** antd's red (#ff4d4f, 3.3:1 on white) darkened the same way (#d13f41): 退卡, 删除 and error texts read at 4.5:1. */
const errorRed = accessiblePrimary('#ff4d4f');

/** antd tokens: the accessible primary and error red, and grey texts (descriptions, placeholders) dark enough for 4.5:1 on white. */
export function themeTokens(theme: string, fontSize: number): ThemeConfig['token'] {
  const primary = accessiblePrimary(theme);
  return {
    colorPrimary: primary,
    colorPrimaryHover: shade(primary, 0.86),
    colorPrimaryActive: shade(primary, 0.74),
    colorInfo: primary,
    colorLink: primary,
    colorLinkHover: shade(primary, 0.86),
    colorLinkActive: shade(primary, 0.74),
    colorError: errorRed,
    colorErrorHover: shade(errorRed, 0.86),
    colorErrorActive: shade(errorRed, 0.74),
    fontSize,
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  };
}

/**
 * Per component: an unchecked switch's grey (its 关 text is white on it) and a table's empty text
 * (请点击左侧商品加入结算清单, 暂无数据) were rgba(0,0,0,0.25), 1.8:1; both now read at 4.5:1.
 */
export const themeComponents: ThemeConfig['components'] = {
  Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.56)', colorTextTertiary: 'rgba(0, 0, 0, 0.68)' },
  Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.56)' },
};
