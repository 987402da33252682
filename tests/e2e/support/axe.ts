import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe-core's minified build (≈ 0.6 MB; AxeBuilder injects the 1.3 MB unminified one by default). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA: the level the portal promises (docs/quality.md, "Accessibility"). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's serious and critical findings on the page as it is now: rule, impact, help and up to four elements each.
 *
 * Legacy mode runs `axe.run` in the page itself. The default mode runs `axe.runPartial` in every
 * frame and then `axe.finishRun` in a blank page it opens for that, injecting axe-core's 1.3 MB a
 * second time: on a 2-core machine with the client area's first sync running that took 7–10 s per
 * check, against 0.4–0.7 s for the analysis itself. The portal has no cross-origin frames, which is
 * all the default mode adds. The minified build is compiled faster on every injection.
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page, axeSource }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} – ${violation.nodes
          .slice(0, 4)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}
