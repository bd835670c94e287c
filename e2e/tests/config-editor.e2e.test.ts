import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const EQUIL_CONFIG = fileURLToPath(new URL('../../../shared/data/equil/config.xml', import.meta.url));
const TIME_MESSAGE = 'A time formatted as HH:MM, HH:MM:SS or just seconds since midnight.';

const env = useServerAndBrowser({ username: 'lena', password: 'config-1' });

/** An empty scenario with equil's config uploaded; answers the scenario's address. */
async function scenarioWithEquilConfig(page: Page, name = 'Equil'): Promise<string> {
  await page.goto('/scenarios/add');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('radio', { name: 'Empty scenario' }).check();
  await page.getByRole('button', { name: 'Create Scenario' }).click();
  await page.waitForURL(`**/lena/${name.toLowerCase()}`);
  await page.locator('input[type=file]').setInputFiles(EQUIL_CONFIG);
  await page.getByRole('row').filter({ hasText: 'config.xml' }).filter({ hasText: 'config_v2' }).waitFor();
  return new URL(page.url()).pathname;
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: /changes|Saving/ });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Changes' });
const panel = (page: Page) => page.getByRole('tabpanel');
const openTab = (page: Page, module: string) => page.getByRole('tab', { name: module, exact: true }).click();
const strategies = (page: Page) => page.getByRole('region', { name: 'Strategy settings' });

/** Someone else's save of the file (the API with its version, as their editor saves): lastIteration set to `value`. */
function saveElsewhere(page: Page, value: number) {
  const id = new URL(page.url()).searchParams.get('id');
  return page.evaluate(
    async ({ id, value }) => {
      const url = `/api/v1/datasets/files/${id}`;
      const current = await fetch(url);
      const xml = (await current.text()).replace(/<param name="lastIteration" value="\d+" \/>/, `<param name="lastIteration" value="${value}" />`);
      const saved = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/xml', 'if-match': current.headers.get('etag') ?? '' }, body: xml });
      return saved.status;
    },
    { id, value },
  );
}

describe('the configuration editor', () => {
  test('levels, a saved change, a pattern message, a strategy group added and removed, the XML view', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'lena', 'config-1');
    await scenarioWithEquilConfig(page);
    await page.getByRole('table', { name: 'Files' }).getByRole('link', { name: 'config.xml', exact: true }).click();
    await page.waitForURL(/\/edit-file\?/);

    // Beginner by default; Expert shows more fields, and the choice is kept in local storage.
    await openTab(page, 'controller');
    const lastIteration = page.getByRole('textbox', { name: 'lastIteration' });
    expect(await lastIteration.inputValue()).toBe('10');
    const beginnerFields = await panel(page).getByRole('textbox').count();
    expect(await page.getByRole('tab', { name: 'routing', exact: true }).count()).toBe(0);
    await page.getByText('Expert', { exact: true }).click();
    await expect.poll(() => panel(page).getByRole('textbox').count()).toBeGreaterThan(beginnerFields);
    expect(await page.evaluate(() => localStorage.getItem('corridor.editorLevel'))).toBe('expert');
    await openTab(page, 'routing');
    await panel(page).getByText('routingAlgorithmType').waitFor();

    // Nothing changed yet: Save is disabled. Change lastIteration, see the message, save, reload: it is kept.
    await openTab(page, 'controller');
    expect(await saveButton(page).isDisabled()).toBe(true);
    await lastIteration.fill('20');
    await status(page).filter({ hasText: 'There are unsaved changes.' }).waitFor();
    await saveButton(page).click();
    await status(page).filter({ hasText: 'All changes are saved.' }).waitFor();
    // The saving indicator clears after a second.
    await expect.poll(() => status(page).count(), { timeout: 4_000 }).toBe(0);
    expect(await saveButton(page).isDisabled()).toBe(true);
    await page.reload();
    await openTab(page, 'controller');
    expect(await page.getByRole('textbox', { name: 'lastIteration' }).inputValue()).toBe('20');
    expect(await page.getByRole('radio', { name: 'Expert' }).isChecked()).toBe(true);

    // An invalid time shows the pattern's message and blocks saving; a valid one does not.
    await openTab(page, 'qsim');
    const endTime = page.getByRole('textbox', { name: 'endTime', exact: true });
    await endTime.fill('half past six');
    await page.getByText(TIME_MESSAGE).waitFor();
    expect(await saveButton(page).isDisabled()).toBe(true);
    await endTime.fill('30:00:00');
    await expect.poll(() => page.getByText(TIME_MESSAGE).count()).toBe(0);
    expect(await saveButton(page).isDisabled()).toBe(false);
    await endTime.fill('');
    await expect.poll(() => saveButton(page).isDisabled()).toBe(true);

    // Add a strategy; choosing SubtourModeChoice brings its module's tab. Remove it again after the confirmation.
    await openTab(page, 'replanning');
    expect(await strategies(page).getByRole('group').count()).toBe(2);
    await strategies(page).getByRole('button', { name: 'Add' }).click();
    const added = strategies(page).getByRole('group', { name: '3. ReRoute' });
    await added.waitFor();
    await status(page).filter({ hasText: 'There are unsaved changes.' }).waitFor();
    await added.getByLabel('strategyName').fill('SubtourModeChoice');
    await page.getByRole('tab', { name: 'subtourModeChoice', exact: true }).waitFor();
    await strategies(page).getByRole('button', { name: 'Remove SubtourModeChoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Group' });
    await dialog.getByText('Do you really want to remove this group?').waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => strategies(page).getByRole('group').count()).toBe(2);
    expect(await page.getByRole('tab', { name: 'subtourModeChoice', exact: true }).count()).toBe(0);
    await expect.poll(() => saveButton(page).isDisabled()).toBe(true);

    // The optional idle save: off by default; switched on, a change is saved a second after the last keystroke.
    await openTab(page, 'controller');
    const idleSave = page.getByRole('switch', { name: 'Save automatically after 1 second without typing' });
    expect(await idleSave.isChecked()).toBe(false);
    await idleSave.check({ force: true });
    await page.getByRole('textbox', { name: 'lastIteration' }).fill('25');
    await status(page).filter({ hasText: 'All changes are saved.' }).waitFor();
    await idleSave.uncheck({ force: true });

    // The XML view: 2-space indentation; an edit there shows in the form; broken XML is reported and blocks saving.
    await openTab(page, 'controller');
    await page.getByRole('button', { name: 'Edit XML' }).click();
    const xml = page.getByRole('textbox', { name: 'Configuration XML' });
    await xml.waitFor();
    const text = await xml.innerText();
    expect(text).toContain('  <module name="controller">');
    await xml.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(text.replace('<param name="lastIteration" value="25" />', '<param name="lastIteration" value="33" />'));
    await expect.poll(() => page.getByRole('textbox', { name: 'lastIteration' }).inputValue()).toBe('33');
    await status(page).filter({ hasText: 'There are unsaved changes.' }).waitFor();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText('<config>\n  <module name="controller">\n</config>\n');
    await page.getByRole('alert').filter({ hasText: /The XML is not valid at line \d+, column \d+/ }).waitFor();
    expect(await saveButton(page).isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'lastIteration' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Hide XML' }).click();
    await page.getByRole('button', { name: 'Edit XML' }).waitFor();

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Equil' }).first().click();
    const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain('/edit-file?');

    // The file holds what was saved: the editor's XML with the change, the rest of the config untouched.
    const fileId = new URL(page.url()).searchParams.get('id');
    const stored = await page.evaluate(async (id) => (await fetch(`/api/v1/datasets/files/${id}`)).text(), fileId);
    expect(stored).toContain('\n  <module name="controller">\n    <param name="outputDirectory" value="./output" />\n    <param name="lastIteration" value="25" />');
    expect(stored).toContain('<param name="closingTime" value="18:00:00" />');
  });
  test('every param of the file shows at every level, with MATSim\'s description; a param the file lacks shows MATSim\'s default', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'lena', 'config-1');
    await scenarioWithEquilConfig(page, 'Params');
    await page.getByRole('table', { name: 'Files' }).getByRole('link', { name: 'config.xml', exact: true }).click();
    await page.waitForURL(/\/edit-file\?/);
    await page.getByText('Beginner', { exact: true }).click();

    // Params of the file no level showed before: global's randomSeed and coordinateSystem, the input files,
    // controller's outputDirectory.
    await openTab(page, 'global');
    expect(await page.getByRole('textbox', { name: 'randomSeed' }).inputValue()).toBe('4711');
    expect(await page.getByRole('textbox', { name: 'coordinateSystem' }).inputValue()).toBe('Atlantis');
    await openTab(page, 'network');
    expect(await page.getByRole('textbox', { name: 'inputNetworkFile' }).inputValue()).toBe('network.xml');
    await openTab(page, 'controller');
    expect(await page.getByRole('textbox', { name: 'outputDirectory' }).inputValue()).toBe('./output');
    // MATSim's description of lastIteration, from the comments of its output_config.xml.
    const lastIteration = page.getByRole('textbox', { name: 'lastIteration' });
    expect(await lastIteration.getAttribute('aria-describedby')).toBeTruthy();
    await panel(page).getByText('Default=1000. Last Iteration of a simulation.').waitFor();
    // The advanced opening and closing times of activity w are set in the file: shown at beginner.
    await openTab(page, 'scoring');
    const work = page.getByRole('group', { name: '2. w' });
    expect(await work.getByRole('textbox', { name: 'closingTime' }).inputValue()).toBe('18:00:00');
    // The scoring module's own params (lateArrival, performing) show too.
    expect(await page.getByRole('textbox', { name: 'performing' }).inputValue()).toBe('+6');

    // A param the file lacks shows MATSim's default beside "MATSim default".
    await openTab(page, 'qsim');
    expect(await page.getByRole('textbox', { name: 'flowCapacityFactor' }).getAttribute('placeholder')).toBe('MATSim default: 1.0');

    // Expert offers every param MATSim documents for the module, with its description and default; typing saves it.
    await page.getByText('Expert', { exact: true }).click();
    await openTab(page, 'controller');
    const trips = page.getByRole('textbox', { name: 'writeTripsInterval' });
    expect(await trips.getAttribute('placeholder')).toBe('MATSim default: 50');
    await panel(page).getByText(/defines in which iterations trips CSV are written/).waitFor();
    await trips.pressSequentially('10');
    expect(await trips.inputValue()).toBe('10');
    await saveButton(page).click();
    await status(page).filter({ hasText: 'All changes are saved.' }).waitFor();
    const id = new URL(page.url()).searchParams.get('id');
    const stored = await page.evaluate(async (id) => (await fetch(`/api/v1/datasets/files/${id}`)).text(), id);
    expect(stored).toContain('<param name="writeTripsInterval" value="10" />');
    await page.getByText('Beginner', { exact: true }).click();
  });

  test('saving a config a run uses saves a copy, and the address follows', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'lena', 'config-1');
    await page.goto('/scenarios/add');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Grid');
    await page.getByRole('radio', { name: 'Demo grid city' }).check();
    await page.getByRole('button', { name: 'Create Scenario' }).click();
    await page.waitForURL('**/lena/grid');
    await page.getByRole('table', { name: 'Files' }).getByText('config.xml').waitFor();

    // A run with the scenario's config.
    await page.getByRole('link', { name: 'Start a run' }).click();
    await page.getByRole('textbox', { name: 'Name' }).press('Enter');
    await page.getByText('Run successfully scheduled.').waitFor();
    await page.waitForURL('**/lena/grid');

    await page.getByRole('table', { name: 'Files' }).getByRole('link', { name: 'config.xml', exact: true }).click();
    await page.waitForURL(/\/edit-file\?/);
    const original = new URL(page.url()).searchParams.get('id');
    await openTab(page, 'controller');
    const lastIteration = page.getByRole('textbox', { name: 'lastIteration' });
    const before = await lastIteration.inputValue();
    await lastIteration.fill('3');
    // The saved mark shows for 1 s (spec): watched on every frame, as a locator's growing poll interval can miss it
    // when the copy takes long.
    const savedShown = page.waitForFunction(
      () => Array.from(document.querySelectorAll('[role=status]')).some((e) => e.textContent?.includes('All changes are saved.')),
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    await saveButton(page).click();
    await savedShown;
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).not.toBe(original);
    expect(await page.getByRole('textbox', { name: 'lastIteration' }).inputValue()).toBe('3');

    // The scenario has the copy; the run keeps the file it ran with.
    await page.reload();
    await openTab(page, 'controller');
    expect(await page.getByRole('textbox', { name: 'lastIteration' }).inputValue()).toBe('3');
    const old = await page.evaluate(async (id) => (await fetch(`/api/v1/datasets/files/${id}`)).text(), original);
    expect(old).toContain(`<param name="lastIteration" value="${before}"`);
  });

  test('a save over someone else\'s save is refused; the text stays, and their version can be loaded or overwritten', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'lena', 'config-1');
    await scenarioWithEquilConfig(page, 'Twice');
    await page.getByRole('table', { name: 'Files' }).getByRole('link', { name: 'config.xml', exact: true }).click();
    await page.waitForURL(/\/edit-file\?/);
    await openTab(page, 'controller');
    const lastIteration = page.getByRole('textbox', { name: 'lastIteration' });
    const conflict = page.getByRole('alert').filter({ hasText: 'The file was changed by someone else since you opened it.' });

    // Their save first; ours is refused and kept, Save is blocked until we choose. Loading theirs shows it.
    expect(await saveElsewhere(page, 30)).toBe(200);
    await lastIteration.fill('20');
    await saveButton(page).click();
    await conflict.waitFor();
    expect(await lastIteration.inputValue()).toBe('20');
    await status(page).filter({ hasText: 'There are unsaved changes.' }).waitFor();
    expect(await saveButton(page).isDisabled()).toBe(true);
    await conflict.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => lastIteration.inputValue()).toBe('30');
    expect(await conflict.count()).toBe(0);

    // Again, and this time ours goes over theirs.
    expect(await saveElsewhere(page, 40)).toBe(200);
    await lastIteration.fill('25');
    await saveButton(page).click();
    await conflict.getByRole('button', { name: 'Save mine over it' }).click();
    await status(page).filter({ hasText: 'All changes are saved.' }).waitFor();
    const id = new URL(page.url()).searchParams.get('id');
    const stored = await page.evaluate(async (id) => (await fetch(`/api/v1/datasets/files/${id}`)).text(), id);
    expect(stored).toContain('<param name="lastIteration" value="25" />');
  });
});
