import type { Page } from 'playwright-core';

/** How wide the page is against the screen, and which element reaches furthest right. */
export interface PageWidth {
  /** `document.documentElement.scrollWidth`: more than `innerWidth` means a sideways scroll. */
  scrollWidth: number;
  innerWidth: number;
  /** The element reaching furthest right (tag, classes, right edge), to name the culprit. */
  widest: string;
}

/**
 * Measures the page's width against the screen (issue 25: no horizontal scrolling on a phone).
 *
 * @example
 *   const width = await pageWidth(page);
 *   expect(width.scrollWidth, width.widest).toBeLessThanOrEqual(width.innerWidth);
 */
export function pageWidth(page: Page): Promise<PageWidth> {
  return page.evaluate(() => {
    // Inside a box that clips or scrolls sideways (a tab strip, a table's container), a child
    // past the edge widens nothing: only the others can be the culprit.
    const clipped = (el: Element): boolean => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    let widest = '';
    let right = 0;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.right > right && box.width > 0 && !clipped(el)) {
        right = box.right;
        widest = `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} (${Math.round(box.right)})`;
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      widest,
    };
  });
}

export interface LayoutShift {
  /** The sum of every shift not caused by input: at least Lighthouse's CLS (its worst window). */
  total: number;
  /** Each shifted element with the shift's score, to name them when a goal is missed. */
  sources: string[];
}

/**
 * The layout shifts since the page loaded, read from the browser's buffered `layout-shift`
 * entries (what Lighthouse's Cumulative Layout Shift is made of).
 *
 * @example
 *   await page.goto('/');
 *   const shift = await layoutShift(page);
 *   expect(shift.total, shift.sources.join(', ')).toBeLessThanOrEqual(0.1);
 */
export function layoutShift(page: Page): Promise<LayoutShift> {
  return page.evaluate(
    () =>
      new Promise<LayoutShift>((resolve) => {
        let total = 0;
        const sources: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const source of entry.sources ?? []) {
              const node = source.node as Element | null | undefined;
              sources.push(
                `${entry.value.toFixed(3)} ${node?.nodeName ?? '?'}.${String(node?.className ?? '').slice(0, 60)}`,
              );
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // The buffered entries are delivered in the observer's first callback, right away.
        setTimeout(() => resolve({ total, sources }), 300);
      }),
  );
}
