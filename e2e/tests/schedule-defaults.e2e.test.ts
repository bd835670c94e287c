/**
 * The Schedule Run form's defaults (issue 24): files by role from what the config names (not the first file by
 * name), each role offering only files of its kind; a second run starts from fresh defaults, the last run's
 * settings come back only with "Copy settings from the last run", and "Reset to the defaults" undoes that.
 *
 * The scenario is built from MATSim's equil files: its config (as uploaded, with plans2000.xml.gz instead of
 * plans100.xml, a counts file and transit vehicles named) next to both plans files, the counts, a vehicles file
 * the config does not name, and two files that are no MATSim input.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { API, json } from '../support/api.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const data = (path: string) => readFileSync(fileURLToPath(new URL(`../../../shared/data/${path}`, import.meta.url)));
const env = useServerAndBrowser({ username: 'ada', password: 'schedule-1' });

/** equil's config, naming plans2000.xml.gz, counts100.xml and transit vehicles in ptVehicles.xml. */
function equilConfig(): Buffer {
  const text = data('equil/config.xml')
    .toString('utf8')
    .replace('<param name="inputPlansFile" value="plans100.xml" />', '<param name="inputPlansFile" value="plans2000.xml.gz" />')
    .replace(
      '</config>',
      '\t<module name="counts">\n\t\t<param name="inputCountsFile" value="counts100.xml" />\n\t</module>\n' +
        '\t<module name="transit">\n\t\t<param name="vehiclesFile" value="input/ptVehicles.xml" />\n\t</module>\n</config>',
    );
  if (!text.includes('plans2000.xml.gz')) throw new Error('equil config changed: inputPlansFile not found');
  return Buffer.from(text);
}

async function addFile(page: Page, datasetId: number, name: string, buffer: Buffer): Promise<void> {
  const { files } = await json<{ files: { id: number }[] }>(
    await page.request.post(`${API}/datasets/files`, { multipart: { 'files[]': { name, mimeType: 'application/octet-stream', buffer } } }),
  );
  await json(await page.request.post(`${API}/datasets/datasets/${datasetId}/files/${files[0]!.id}`));
}

/** A select by its label (a required one's label ends in " *"). */
const select = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));
/** The text a file select shows. */
const shown = (page: Page, label: string) => select(page, label).inputValue();
const programArgs = (page: Page) => page.getByRole('textbox', { name: 'Program arguments' });
const pills = (page: Page, label: string) =>
  page.locator('.mantine-MultiSelect-root').filter({ has: page.getByText(label, { exact: true }) }).locator('.mantine-Pill-label').allTextContents();

describe('schedule run defaults', () => {
  test('files come from the config, each role offers its kind only; a second run starts fresh, copying the last run is explicit and can be reset', { timeout: 180_000 }, async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'ada', 'schedule-1');
    const { id: groupId } = await json<{ id: number }>(await page.request.get(`${API}/accounts/groups/find`, { params: { name: 'ada' } }));
    const { id } = await json<{ id: number }>(
      await page.request.post(`${API}/datasets/datasets`, { data: { groupId, key: 'equil', name: 'Equil', type: 'scenario', template: 'empty' } }),
    );
    const uploads: [string, Buffer][] = [
      ['config.xml', equilConfig()],
      ['network.xml', data('equil/network.xml')],
      ['plans100.xml', data('equil/plans100.xml')],
      ['plans2000.xml.gz', data('equil/plans2000.xml.gz')],
      ['counts100.xml', data('equil/counts100.xml')],
      ['ptVehicles.xml', data('pt-tutorial/transitVehicles.xml')],
      ['notes.txt', Buffer.from('Equil with the large population.\n')],
      ['picture.png', Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')],
    ];
    for (const [name, buffer] of uploads) await addFile(page, id, name, buffer);
    await json(
      await page.request.post(`${API}/datasets/datasets/${id}/changesets`, {
        data: { id: -1, name: 'Narrow link 1', modifications: [{ type: 'network/updateLink', id: '1', changes: { capacity: 100 } }] },
      }),
    );

    // Files by role from the config: plans2000.xml.gz although plans100.xml comes first by name; the transit
    // vehicles where transit.vehiclesFile names them; no vehicles file (the config reads none); counts as input.
    await page.goto('/ada/equil/schedule-run');
    await page.getByRole('heading', { name: 'Schedule a new Run' }).waitFor();
    await page.getByText('Named in the config (plans.inputPlansFile)').waitFor();
    expect(await shown(page, 'Config')).toBe('config.xml (config_v2)');
    expect(await shown(page, 'Network')).toMatch(/^network\.xml \(network_v\d\)$/);
    expect(await shown(page, 'Population')).toMatch(/^plans2000\.xml\.gz \(/);
    expect(await shown(page, 'Transit vehicles')).toMatch(/^ptVehicles\.xml \(vehicleDefinitions_v\d\)$/);
    expect(await shown(page, 'Vehicles')).toBe('');
    expect(await pills(page, 'Additional input files')).toEqual(['counts100.xml (counts_v1)']);
    await page.getByText('Named in the config (plans.inputPlansFile)').waitFor();
    await page.getByText('Named in the config (transit.vehiclesFile)').waitFor();

    // Each role offers files of its kind only: no network, notes or picture among the configs.
    await select(page, 'Config').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['config.xml (config_v2)']);
    await page.keyboard.press('Escape');
    await select(page, 'Population').click();
    expect((await page.getByRole('option').allTextContents()).map((text) => text.split(' ')[0])).toEqual(['plans100.xml', 'plans2000.xml.gz']);
    await page.keyboard.press('Escape');

    // The first run: a changeset and program arguments.
    expect(await page.getByRole('button', { name: 'Copy settings from the last run' }).count()).toBe(0);
    await programArgs(page).fill('--config:controller.lastIteration=1');
    // By keyboard: the first (only) changeset.
    await select(page, 'Changesets to apply').focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Narrow link 1' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    expect(await pills(page, 'Changesets to apply')).toEqual(['Narrow link 1']);
    await page.getByRole('button', { name: 'Schedule Run' }).click();
    await page.getByText('Run successfully scheduled.').waitFor();
    await page.waitForURL('**/ada/equil');

    // The second run starts from fresh defaults: nothing of the first run's arguments or changesets.
    await page.goto('/ada/equil/schedule-run');
    await page.getByRole('heading', { name: 'Schedule a new Run' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Equil Run 2');
    expect(await programArgs(page).inputValue()).toBe('');
    expect(await pills(page, 'Changesets to apply')).toEqual([]);
    expect(await page.getByRole('textbox', { name: 'Memory' }).inputValue()).toBe('4g');
    expect(await shown(page, 'Population')).toMatch(/^plans2000\.xml\.gz \(/);

    // Copying is one click and says what it took; the reset goes back to the defaults.
    await page.getByRole('button', { name: 'Copy settings from the last run' }).click();
    await page.getByText('Settings copied from the last run, Equil Run 1').waitFor();
    await page.getByText(/^Copied: .*program arguments, changesets, input files\./).waitFor();
    expect(await programArgs(page).inputValue()).toBe('--config:controller.lastIteration=1');
    expect(await pills(page, 'Changesets to apply')).toEqual(['Narrow link 1']);
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Equil Run 2');
    await page.getByRole('button', { name: 'Reset to the defaults' }).click();
    expect(await programArgs(page).inputValue()).toBe('');
    expect(await pills(page, 'Changesets to apply')).toEqual([]);
    expect(await pills(page, 'Additional input files')).toEqual(['counts100.xml (counts_v1)']);
    expect(await page.getByText('Settings copied from the last run, Equil Run 1').count()).toBe(0);
    await page.getByRole('button', { name: 'Copy settings from the last run' }).waitFor();
  });
});
