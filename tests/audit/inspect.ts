import type { Page } from '@playwright/test';

/**
 * What the audit measures on a rendered page (run inside the browser). Each finding is one
 * sentence naming the element, so a failing run says what to look at.
 */
export interface PageFindings {
  overflow: string[];
  charts: string[];
  clipped: string[];
  drawnCharts: number;
}

export function inspectPage(page: Page): Promise<PageFindings> {
  return page.evaluate(() => {
    const nameOf = (element: Element): string => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const label = element.getAttribute('aria-label') ?? '';
      const testId = element.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
      return `<${element.tagName.toLowerCase()}${testId ? ` in [data-testid=${testId}]` : ''}> "${text || label}"`;
    };
    const size = (rect: DOMRect) => `${Math.round(rect.width)}×${Math.round(rect.height)}`;

    // Page-level horizontal overflow.
    const overflow: string[] = [];
    const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (pageWidth > window.innerWidth) {
      // Name the widest elements that stick out on the right, to find the culprit quickly.
      const culprits = [...document.body.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .filter(
          (element) =>
            !element.parentElement ||
            element.parentElement.getBoundingClientRect().right <= window.innerWidth + 1,
        )
        .slice(0, 3)
        .map(
          (element) => `${nameOf(element)} ends at ${Math.round(element.getBoundingClientRect().right)} px`,
        );
      overflow.push(
        `page is ${pageWidth} px wide in a ${window.innerWidth} px viewport; ${culprits.join('; ')}`,
      );
    }

    // Charts (Recharts, also inside @mantine/charts): drawn, of real size, with readable axes.
    const charts: string[] = [];
    let drawnCharts = 0;
    const containers = [
      ...document.querySelectorAll('.recharts-responsive-container, .recharts-wrapper'),
    ].filter(
      (element) =>
        element.matches('.recharts-responsive-container') ||
        !element.closest('.recharts-responsive-container'),
    );
    const nonMarks =
      '.recharts-cartesian-axis, .recharts-cartesian-grid, .recharts-polar-grid, .recharts-polar-angle-axis, .recharts-polar-radius-axis, .recharts-legend-wrapper, .recharts-tooltip-cursor, .recharts-reference-line, .recharts-brush, defs, clipPath';
    const numeric = /^[-−+]?\d{1,3}((\.\d{3})+|\d*)(,\d+)?\s*(€|%|Tsd\.?|Mio\.?|T€|k)?$/;
    const parse = (text: string) =>
      Number(
        text
          .replace(/[^\d,−-]/g, '')
          .replace('−', '-')
          .replace(',', '.'),
      );
    for (const container of containers) {
      if (!(container.parentElement?.checkVisibility() ?? true)) continue;
      const where = nameOf(container.closest('[data-testid], section, [role="dialog"]') ?? container);
      const svg = container.querySelector('svg.recharts-surface');
      if (!svg) {
        charts.push(`chart not drawn (container ${size(container.getBoundingClientRect())}) ${where}`);
        continue;
      }
      const svgRect = svg.getBoundingClientRect();
      if (svgRect.width < 100 || svgRect.height < 100) {
        charts.push(`chart is only ${size(svgRect)} px (at least 100×100) ${where}`);
        continue;
      }
      const marks = [...svg.querySelectorAll('path, rect, circle, ellipse, polygon')].filter((shape) => {
        if (shape.closest(nonMarks)) return false;
        const rect = shape.getBoundingClientRect();
        return (
          (rect.width >= 1 && rect.height >= 1) ||
          (shape.matches('.recharts-curve') && Math.max(rect.width, rect.height) >= 20)
        );
      });
      if (marks.length === 0) {
        charts.push(`chart ${size(svgRect)} has no drawn marks ${where}`);
        continue;
      }
      drawnCharts += 1;
      for (const axis of svg.querySelectorAll('.recharts-cartesian-axis')) {
        const horizontal = axis.matches('.xAxis, .recharts-xAxis');
        const ticks = [...axis.querySelectorAll('.recharts-cartesian-axis-tick-value')]
          .map((tick) => ({ text: (tick.textContent ?? '').trim(), rect: tick.getBoundingClientRect() }))
          .filter((tick) => tick.text !== '' && tick.rect.width > 0);
        const axisName = `${horizontal ? 'x' : 'y'} axis (${ticks.map((tick) => tick.text).join(' / ')})`;
        for (let i = 0; i < ticks.length; i++) {
          const a = ticks[i];
          if (!a) continue;
          if (
            a.rect.left < svgRect.left - 1 ||
            a.rect.right > svgRect.right + 1 ||
            a.rect.top < svgRect.top - 1 ||
            a.rect.bottom > svgRect.bottom + 1
          ) {
            charts.push(`tick label "${a.text}" is cut at the chart's edge, ${axisName} ${where}`);
          }
          for (let j = i + 1; j < ticks.length; j++) {
            const b = ticks[j];
            if (!b) continue;
            const overlapX = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
            const overlapY = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
            if (overlapX > 0.5 && overlapY > 0.5) {
              charts.push(`tick labels "${a.text}" and "${b.text}" overlap, ${axisName} ${where}`);
            }
          }
        }
        if (ticks.length >= 2 && ticks.every((tick) => numeric.test(tick.text))) {
          const values = [...ticks]
            .sort((a, b) => (horizontal ? a.rect.left - b.rect.left : b.rect.top - a.rect.top))
            .map((tick) => parse(tick.text));
          const rising = values.every((value, index) => index === 0 || value > (values[index - 1] as number));
          const falling = values.every(
            (value, index) => index === 0 || value < (values[index - 1] as number),
          );
          if (!rising && !falling) charts.push(`tick values are not monotonic, ${axisName} ${where}`);
        }
      }
    }

    // Text cut off inside buttons, tabs and table headers (and their inner label boxes).
    const clipped: string[] = [];
    for (const element of document.querySelectorAll('button, [role="tab"], th, [role="columnheader"]')) {
      if (!element.checkVisibility() || element.getBoundingClientRect().width === 0) continue;
      const boxes = [element, ...element.querySelectorAll('*')].filter(
        // Boxes of 1 px are texts for screen readers only (VisuallyHidden), clipped on purpose.
        (box) => box instanceof HTMLElement && box.clientWidth > 1 && (box.textContent ?? '').trim() !== '',
      );
      // A label that hangs beside its box on purpose (absolutely positioned, e.g. a map pin's label)
      // widens the box's scroll area but is drawn in full when the box does not clip.
      const hangsOut = (box: Element) => {
        if (getComputedStyle(box).overflowX !== 'visible') return false;
        const inner = box.getBoundingClientRect();
        const sticking = [...box.querySelectorAll('*')].filter((child) => {
          const rect = child.getBoundingClientRect();
          return rect.width > 0 && (rect.right > inner.right + 1 || rect.left < inner.left - 1);
        });
        return (
          sticking.length > 0 &&
          sticking.every((child) => {
            for (let node: Element | null = child; node && node !== box; node = node.parentElement) {
              if (getComputedStyle(node).position === 'absolute') return true;
            }
            return false;
          })
        );
      };
      const cut = boxes.find((box) => box.scrollWidth > box.clientWidth && !hangsOut(box));
      if (cut) clipped.push(`${nameOf(element)} (content ${cut.scrollWidth} px in ${cut.clientWidth} px)`);
    }
    return { overflow, charts, clipped, drawnCharts };
  });
}
