// axe-core in the page under test, the WCAG 2.1 A and AA rules. axe is evaluated once per document and then run in
// place: the console changes screens without loading a new document, so a session of many screens pays for the 1.5 MB
// script once. (@axe-core/playwright evaluated it twice per scan, the second time in a new blank tab.)
import axe from 'axe-core';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * The serious and critical violations on the page as it is now (inside `selector` when given), each as
 * 'rule xCount [up to three distinct findings]': for contrast the colours and ratio, otherwise the element's selector.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  // Through the DevTools protocol, which the page's Content Security Policy does not govern.
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  const { violations } = await page.evaluate(
    ([context, tags]) => window.axe!.run(context ?? document, { runOnly: { type: 'tag', values: tags } }),
    [selector, TAGS] as const,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const findings = v.nodes.map((node) => {
        const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const text = node.html.replace(/<[^>]*>/g, '').slice(0, 30);
        return data?.fgColor ? `${data.fgColor} on ${data.bgColor} ${data.contrastRatio}:1 '${text}'` : node.target[0];
      });
      return `${v.id} x${v.nodes.length} [${[...new Set(findings)].slice(0, 3).join(' | ')}]`;
    });
}
