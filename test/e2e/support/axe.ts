/** axe-core in a page, injected through the DevTools protocol (the page's CSP rightly refuses an inline script). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Waits until the page's running animations and transitions that end (a dialog fading in) have ended. axe measures
 * colours as they are drawn at that moment: text in a dialog still fading in is paler than the same text at rest, so
 * on a loaded machine a check run during the fade reported a contrast the page never has once settled.
 */
async function animationsSettled(page: Page): Promise<void> {
  // No named helpers inside: tsx would wrap them in a `__name` call that the page does not have.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

type AxeWindow = {
  axe?: {
    run(context: string | Document, options: { resultTypes: string[] }): Promise<{ violations: AxeViolation[] }>;
  };
};

/**
 * @param within a selector: only that part of the page is checked (a screen inside a shell checked already)
 */
async function axeRun(page: Page, within?: string): Promise<AxeViolation[]> {
  await animationsSettled(page);
  // Once per document: a page that moves between screens without loading keeps it, and injecting half a megabyte of
  // script again for every check costs more than many checks.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Only the violations are read: axe then describes one passing or inapplicable node per rule instead of every one
  // (a selector for each of thousands of nodes), which was about a fifth of a run on the largest screens. The
  // violations it finds, and their nodes, are the same.
  return page.evaluate(async (context) => {
    const { axe } = window as unknown as AxeWindow;
    return (await axe!.run(context ?? document, { resultTypes: ['violations'] })).violations;
  }, within ?? null);
}

/**
 * The serious and critical violations on the page (or in the part `within` selects), as `rule (nodes): selectors`,
 * so a failure says where.
 */
export async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  return (await axeRun(page, within))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.nodes.length}): ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`).join(', ')}`,
    );
}

/** Every violation on the page, whatever its impact, as `rule (nodes): selectors`. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await axeRun(page)).map(
    (violation) =>
      `${violation.id} (${violation.nodes.length}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
