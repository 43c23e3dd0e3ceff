import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

const CHROMIUM = '/usr/bin/chromium';
// Without the background-networking flags Chromium keeps trying to reach Google on this closed network.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

/**
 * Viewports the portal must hold up on: a phone, a tablet at a nurses' station, a ward computer's screen, a wide
 * desktop.
 */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  ward: { width: 1366, height: 768 },
  desktop: { width: 1920, height: 1080 },
} as const;

/**
 * A fresh context (no stored token) and page at the given viewport. A screen narrower than a desktop is a touch
 * screen, as the tablet at a nurses' station is: no hover (`(hover: none)`), a coarse pointer.
 */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, hasTouch: viewport.width < 1024 });
  const page = await context.newPage();
  return { context, page };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation. The script is
 * evaluated through the DevTools protocol, so the portal's strict CSP stays on while it runs.
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // With reduced motion the portal's transitions take no time (theme.respectReducedMotion), so a toast whose
  // timer ends while axe runs is gone or shown, never caught mid-fade at too little contrast.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await settleAnimations(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  const serious = (violations as AxeViolation[]).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const report = serious.map(
    (v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.html.slice(0, 200)).join(' ; ')}`,
  );
  await page.emulateMedia({ reducedMotion: null });
  expect(report, `axe violations on ${label}`).toEqual([]);
}

// Native controls, and elements that script or ARIA makes into one (a tab, a menu item, a clickable card).
const TARGETS = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[role="treeitem"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * What a pointer can hit inside the elements `scope` matches that is under 24 x 24 CSS px (WCAG 2.2, 2.5.8), as
 * 'width x height html'. aria-hidden controls count: a finger reaches them even where a screen reader does not,
 * which is also why axe's target-size rule, judging focusable controls, passes Mantine's number chevrons.
 * What visibility: hidden keeps from view is no target (no pointer hits it), such as the copy of a growing Textarea
 * that Mantine measures its text in, kept at the end of the page.
 * A field's label is a target of its own: a tap on it ticks the box or picks the radio, so a control passes when
 * it or one of its visible labels is 24 x 24 (and a hidden input, such as a segmented control's, is judged by its
 * label alone, the only part a finger can find).
 */
export async function undersizedTargets(scope: Locator): Promise<string[]> {
  return scope.evaluateAll(
    (roots, selector) =>
      roots.flatMap((root) =>
        [...root.querySelectorAll(selector)]
          .filter((target) => target.checkVisibility({ visibilityProperty: true }))
          .map((target) => {
            const labels = target instanceof HTMLInputElement ? [...(target.labels ?? [])] : [];
            const boxes = [
              target,
              ...labels.filter((label) => label.checkVisibility({ visibilityProperty: true })),
            ]
              .map((element) => element.getBoundingClientRect())
              .sort((a, b) => Math.min(b.width, b.height) - Math.min(a.width, a.height));
            return { target, box: boxes[0] ?? target.getBoundingClientRect() };
          })
          .filter(({ box }) => box.width < 24 || box.height < 24)
          .map(({ target, box }) => `${box.width}x${box.height} ${target.outerHTML.slice(0, 160)}`),
      ),
    TARGETS,
  );
}

/** Collects console errors and CSP violations so a test can assert the page ran clean. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Waits for the page's finite CSS transitions and animations (a modal fading in, a menu fading out) to end, so
 * axe judges what a person sees once the screen is still, not a half-transparent frame of a transition.
 * Endless ones (loaders, the files' 'New' marker) are left running.
 */
export async function settleAnimations(page: Page, timeoutMs = 3_000): Promise<void> {
  await page.evaluate(async (timeout) => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, timeout)),
    ]);
    // One more frame, for the unmount that follows a closing transition.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }, timeoutMs);
}
