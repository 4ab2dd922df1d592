import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export interface A11yViolation {
  /** axe rule id, e.g. `color-contrast`, `label`. */
  id: string;
  impact: 'serious' | 'critical';
  help: string;
  helpUrl: string;
  /** CSS selectors of the offending elements. */
  targets: string[];
}

let axeSource: string | undefined;

function loadAxeSource(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

interface AxeResult {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core in the page and returns its serious and critical violations (WCAG 2.x A/AA rules
 * and best practices). axe is evaluated through the DevTools protocol, so the gateway's strict
 * Content-Security-Policy stays in force for everything the page itself does.
 *
 * @example
 *   const violations = await axeViolations(page);
 *   expect(violations.map((v) => v.id)).toEqual([]);
 */
export async function axeViolations(page: Page): Promise<A11yViolation[]> {
  await settleAnimations(page);
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(loadAxeSource());
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const outcome = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: AxeResult[];
    };
    return outcome.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return results
    .filter(
      (v): v is typeof v & { impact: 'serious' | 'critical' } =>
        v.impact === 'serious' || v.impact === 'critical',
    )
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
}

/**
 * Waits (at most 3 s) for the page's finite CSS transitions and animations to end. A menu fading
 * out or a button changing colour is half transparent for a moment, and axe would read that
 * moment's colours as a contrast violation of the page. Two frames first: a transition started by
 * the last click exists only once the browser has recalculated styles. Endless animations (a
 * spinner) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return typeof end === 'number' && Number.isFinite(end);
    });
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
  });
}

/** One readable paragraph per violation, for an assertion message. */
export function formatViolations(violations: A11yViolation[]): string {
  return violations
    .map(
      (v) =>
        `- [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.targets.map((target) => `    at ${target}`).join('\n'),
    )
    .join('\n');
}

/**
 * Fails when axe finds a serious or critical violation on the page as it is now.
 *
 * @example
 *   await page.goto('/');
 *   await expectNoSeriousA11yViolations(page);
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) {
    throw new Error(
      `${violations.length} serious or critical accessibility violation(s) on ${page.url()}:\n` +
        formatViolations(violations),
    );
  }
}
