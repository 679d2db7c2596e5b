// Touch targets of at least 44x44 CSS px on a phone (WCAG 2.5.5), the one rule the end-to-end specs check them by.
import { expect, type Locator, type Page } from '@playwright/test';

export const MIN_TARGET_PX = 44;

/** What a finger may tap. */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  ...['button', 'link', 'tab', 'switch', 'checkbox', 'radio', 'menuitem', 'option'].map((role) => `[role="${role}"]`),
].join(', ');

/**
 * Of `elements`, those that are visible targets under `min` CSS px wide or high, each described. The rule:
 * - A target is visible when it is rendered (checkVisibility), has an area, and is not moved off the page to its left
 *   or above it (the skip link, until it has the focus).
 * - Its size is its box; for a checkbox, radio or switch input, the box around it and its labels, which work it too
 *   (Mantine's switches and checkboxes hide or shrink the input and draw the control beside or inside the label).
 * - A link in running text is exempt (WCAG's inline exception): one displayed inline whose block holds other text.
 * Runs in the page: it uses nothing from outside itself.
 */
function smallTargetsAmong(elements: Element[], min: number): string[] {
  const small: string[] = [];
  for (const element of elements) {
    const own = element.getBoundingClientRect();
    const visible =
      element.checkVisibility({ visibilityProperty: true }) &&
      own.width > 0 &&
      own.height > 0 &&
      own.right + window.scrollX > 0 &&
      own.bottom + window.scrollY > 0;
    if (!visible) continue;
    const checkable = element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type);
    const boxes = [
      own,
      ...(checkable ? [...(element.labels ?? [])].map((label) => label.getBoundingClientRect()) : []),
    ];
    const width = Math.max(...boxes.map((box) => box.right)) - Math.min(...boxes.map((box) => box.left));
    const height = Math.max(...boxes.map((box) => box.bottom)) - Math.min(...boxes.map((box) => box.top));
    if (width >= min - 0.01 && height >= min - 0.01) continue;
    const isLink = element.matches('a[href], [role="link"]');
    if (isLink && getComputedStyle(element).display === 'inline') {
      let block = element.parentElement;
      while (block && ['inline', 'contents'].includes(getComputedStyle(block).display)) block = block.parentElement;
      const text = (node: Node | null | undefined) => node?.textContent?.trim().length ?? 0;
      if (text(block) > text(element)) continue;
    }
    const role = element.getAttribute('role');
    const name = (
      element.getAttribute('aria-label') ||
      element.textContent ||
      (element instanceof HTMLInputElement ? [...(element.labels ?? [])].map((l) => l.textContent).join(' ') : '') ||
      element.getAttribute('name') ||
      ''
    )
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    small.push(
      `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} '${name}' ${Math.round(width)}x${Math.round(height)}`,
    );
  }
  return small;
}

/** Every visible target of the page under 44x44 CSS px, described (empty when all meet the rule). */
export const smallTargets = (page: Page): Promise<string[]> =>
  page.locator(INTERACTIVE).evaluateAll(smallTargetsAmong, MIN_TARGET_PX);

/** Each of `targets` is visible and at least 44x44 CSS px by the rule above; a failure names the target and size. */
export async function expectTouchTargets(targets: Locator[]) {
  for (const target of targets) {
    await expect(target).toBeVisible();
    expect(await target.evaluateAll(smallTargetsAmong, MIN_TARGET_PX), `${target}`).toEqual([]);
  }
}

/** The page does not scroll sideways, and each of `targets` is a 44x44 px target (expectTouchTargets). */
export async function expectFitsPhone(page: Page, targets: Locator[]) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectTouchTargets(targets);
}
