import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Context options a page needs for axe: its script is injected past the product's Content-Security-Policy. */
export const AXE_CONTEXT = { bypassCSP: true } as const;

/**
 * The critical and serious axe-core violations (WCAG 2 A/AA rules and best practices) on the page, or
 * inside `within` (a CSS selector, e.g. a dialog), each as "rule: target (summary)": empty when clean.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // Colours are judged at rest: a dialog zooming in or a page fading in shows its text half transparent.
  await page
    .waitForFunction(
      () =>
        // A motion inside something hidden (a closed dialog kept in the page) never ends, and is not seen.
        ![...document.querySelectorAll('[class*="-enter"], [class*="-appear"], [class*="-leave"]')].some((e) => e.getClientRects().length > 0) &&
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    )
    .catch(async (error: Error) => {
      // Name what never came to rest, so a failure seen once in CI can be read.
      const moving = await page.evaluate(() => [
        ...[...document.querySelectorAll('[class*="-enter"], [class*="-appear"], [class*="-leave"]')].map((e) => `${e.tagName} .${e.className}`),
        ...document
          .getAnimations()
          .map((a) => `animation ${a.playState} ${(a as CSSAnimation).animationName ?? ''} on ${(a.effect as KeyframeEffect | null)?.target?.className ?? ''}`),
      ]);
      throw new Error(`${error.message}\nstill moving: ${moving.join('; ').slice(0, 1500)}`);
    });
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (within) builder = builder.include(within);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? v.help})`));
}
