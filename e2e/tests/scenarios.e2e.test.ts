import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const EQUIL_NETWORK = fileURLToPath(new URL('../../../shared/data/equil/network.xml', import.meta.url));

const env = useServerAndBrowser({ username: 'mira', password: 'planner-1' });

/** The scenario's row in the files table, found by the file's name. */
const fileRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

describe('the scenario workspace', () => {
  test('create from the demo template, upload, rename, delete a file, edit, move to a team, delete', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'mira', 'planner-1');

    // A team to move the scenario to later.
    await page.goto('/profile/teams');
    await page.getByRole('textbox', { name: 'Team name' }).fill('modelling');
    await page.getByRole('button', { name: 'Add Team' }).click();
    await page.getByRole('table', { name: 'Teams' }).getByText('modelling').waitFor();

    // Empty list, then the creation form with the key derived from the name.
    await page.goto('/scenarios');
    await page.getByText('You do not yet have a scenario.').waitFor();
    await page.getByRole('link', { name: 'Add Scenario' }).click();
    await page.getByRole('heading', { name: 'Create a new scenario' }).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('The Harbour City');
    expect(await page.getByRole('textbox', { name: 'Key' }).inputValue()).toBe('harbour-city');
    await page.getByRole('radio', { name: 'Demo grid city' }).check();
    await page.getByRole('button', { name: 'Create Scenario' }).click();
    await page.waitForURL('**/mira/harbour-city');

    // The demo template's files and a rendered preview.
    const files = page.getByRole('table', { name: 'Files' });
    for (const name of ['config.xml', 'network.xml.gz', 'population.xml.gz']) await files.getByText(name).waitFor();
    const preview = page.getByRole('img', { name: /Network preview of The Harbour City/ }).first();
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Start a run' }).waitFor();

    // Upload equil's network with a visible progress bar; it is recognised as a network.
    await page.locator('input[type=file]').setInputFiles(EQUIL_NETWORK);
    await page.getByRole('progressbar', { name: 'Upload of network.xml' }).waitFor();
    await fileRow(page, 'network.xml').filter({ hasText: 'network_v1' }).first().waitFor();

    // Rename it: the selection leaves the extension alone.
    await page.getByRole('button', { name: 'Rename network.xml', exact: true }).click();
    const newName = page.getByRole('textbox', { name: 'New name' });
    const selection = await newName.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd]);
    expect(selection).toEqual([0, 'network'.length]);
    await newName.fill('');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await newName.fill('equil-network.xml');
    await newName.press('Enter');
    await files.getByText('equil-network.xml').waitFor();

    // Delete it with the confirmation dialog.
    await page.getByRole('button', { name: 'Delete equil-network.xml', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete file' });
    expect(await dialog.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Yes, I want to delete this file.' }).check();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => files.getByText('equil-network.xml').count()).toBe(0);

    // Edit the general settings.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'Description' }).fill('Grid city for the e2e test');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();

    // Grant a colleague access by username (an unknown name gets the spec's message).
    const created = await page.evaluate(async () =>
      (await fetch('/api/v1/accounts/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'noor', password: 'colleague-1' }),
      })).status,
    );
    expect(created).toBe(200);
    await page.getByRole('tab', { name: 'Access' }).click();
    const access = page.getByRole('table', { name: 'Users with access' });
    await page.getByRole('textbox', { name: 'Username' }).fill('nobody-here');
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByText('The user could not be added, make sure you typed the username correct.').waitFor();
    await page.getByRole('textbox', { name: 'Username' }).fill('noor');
    await page.getByRole('textbox', { name: 'Username' }).press('Enter');
    await access.getByText('noor').waitFor();

    // Move it to the team: the address follows.
    await page.getByRole('tab', { name: 'Team' }).click();
    expect(await page.getByRole('button', { name: 'Move Scenario' }).isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Move to team' }).click();
    await page.getByRole('option', { name: 'modelling' }).click();
    await page.getByRole('button', { name: 'Move Scenario' }).click();
    await page.waitForURL('**/modelling/harbour-city**');
    await page.goto('/modelling/harbour-city');
    await page.getByText('Grid city for the e2e test').waitFor();

    // Delete it: only once the checkbox is ticked; afterwards the team's list is empty.
    await page.goto('/modelling/harbour-city/delete');
    await page.getByText('This action cannot be undone!').waitFor();
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    expect(await remove.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Yes, I want to delete this scenario.' }).check();
    await remove.click();
    await page.waitForURL('**/modelling/scenarios');
    await page.getByText('You do not yet have a scenario.').waitFor();
  });
});
