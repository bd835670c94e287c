/**
 * Issue 24: a misspelled config param (`lastIteraton`) is flagged in the config editor with the nearest known name,
 * a save with it still works but warns, and scheduling a built-in engine run of that config is refused with the
 * same words.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'tess', password: 'typo-1' });

/** Renames the config's lastIteration param to `lastIteraton` through the files API (as another editor would save). */
function misspellLastIteration(page: Page, id: string) {
  return page.evaluate(async (id) => {
    const url = `/api/v1/datasets/files/${id}`;
    const current = await fetch(url);
    const xml = (await current.text()).replace('name="lastIteration"', 'name="lastIteraton"');
    const saved = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/xml', 'if-match': current.headers.get('etag') ?? '' }, body: xml });
    return saved.status;
  }, id);
}

describe('a misspelled config param', () => {
  test('is flagged in the config editor with "did you mean", saves with a warning, and a run of it is refused', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'tess', 'typo-1');
    await page.goto('/scenarios/add');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Typo City');
    await page.getByRole('radio', { name: 'Demo grid city' }).check();
    await page.getByRole('button', { name: 'Create Scenario' }).click();
    await page.waitForURL('**/tess/typo-city');
    await page.getByRole('table', { name: 'Files' }).getByText('population.xml.gz').waitFor();

    await page.getByRole('table', { name: 'Files' }).getByRole('link', { name: 'config.xml', exact: true }).click();
    await page.waitForURL(/\/edit-file\?/);
    const id = new URL(page.url()).searchParams.get('id')!;
    expect(await misspellLastIteration(page, id)).toBe(200);
    await page.reload();

    // Above the form, and in the controller tab (where lastIteration shows MATSim's default now).
    const flagged = 'Unknown parameter lastIteraton in module controller: did you mean lastIteration?';
    const summary = page.getByTestId('unknown-params');
    await summary.getByText(flagged).waitFor();
    expect(await summary.textContent()).toContain('MATSim stops at start-up on parameters its modules do not know');
    await page.getByRole('tab', { name: /^controller/ }).click();
    await page.getByRole('tabpanel').getByTestId('unknown-params-tab').getByText(flagged).waitFor();

    // A save still works (it is the user's file), and says what it means.
    await page.getByRole('textbox', { name: 'lastIteration' }).fill('3');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved, with unknown parameters (1): runs of this config will be refused until they are corrected.' }).waitFor();

    // Scheduling it on the built-in engine is refused with the same words, naming the file.
    await page.goto('/tess/typo-city/schedule-run');
    await page.getByRole('heading', { name: 'Schedule a new Run' }).waitFor();
    await page.getByRole('button', { name: 'Schedule Run' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: flagged });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('correct or remove it in config.xml');
    expect(await page.getByText('Run successfully scheduled.').count()).toBe(0);
  });
});
