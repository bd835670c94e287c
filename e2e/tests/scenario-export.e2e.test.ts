import { readFile } from 'node:fs/promises';
import { readNetwork } from '@corridor/matsim';
import { describe, expect, test } from 'vitest';
import { API, json } from '../support/api.ts';
import { unzip } from '../support/files.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'export-1' });

describe('export scenario', () => {
  test('chooses and orders changesets, downloads <key>.zip with the scenario files; a changeset that cannot apply shows the reason', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'ada', 'export-1');
    const { id: groupId } = await json<{ id: number }>(await page.request.get(`${API}/accounts/groups/find`, { params: { name: 'ada' } }));
    const { id } = await json<{ id: number }>(
      await page.request.post(`${API}/datasets/datasets`, { data: { groupId, key: 'export-demo', name: 'Export demo', type: 'scenario', template: 'demo-grid' } }),
    );
    const { files } = await json<{ files: { id: number; tag: string | null }[] }>(await page.request.get(`${API}/datasets/datasets/${id}`));
    const network = files.find((file) => file.tag?.startsWith('network_v'))!;
    const { links } = await json<{ links: { id: string; capacity: number }[] }>(await page.request.get(`${API}/datasets/files/${network.id}/as/json`));
    const changeset = (name: string, modifications: unknown[]) =>
      page.request.post(`${API}/datasets/datasets/${id}/changesets`, { data: { id: -1, name, modifications } });
    await json(await changeset('Close link', [{ type: 'network/deleteLink', id: links[0]!.id }]));
    await json(await changeset('Narrow link', [{ type: 'network/updateLink', id: links[1]!.id, changes: { capacity: 100 } }]));
    await json(await changeset('Unknown link', [{ type: 'network/deleteLink', id: 'no-such-link' }]));

    await page.goto(`${env.server.url}/ada/export-demo/export`);
    // The first visit loads the page's chunk and the scenario: under the parallel browser files of CI that took
    // longer than expect.poll's 1 s default once (the heading came, late).
    await expect.poll(() => page.getByRole('heading', { name: 'Export Scenario' }).count(), { timeout: 20_000 }).toBe(1);
    for (const name of ['Narrow link', 'Close link']) {
      await page.getByLabel('Add a changeset').click();
      await page.getByRole('option', { name }).click();
    }
    await page.getByRole('button', { name: 'Move Close link up' }).click();
    const chosen = page.getByRole('list', { name: 'Chosen changesets, in the order they are applied' }).getByRole('listitem');
    await expect.poll(() => chosen.allTextContents()).toEqual(['1Close link1 modification', '2Narrow link1 modification']);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('export-demo.zip');
    const zip = await readFile((await download.path())!);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    const entries = await unzip(zip);
    expect([...entries.keys()].sort()).toEqual(['config.xml', 'network.xml.gz', 'population.xml.gz']);
    // The zip's network, read back: both changesets applied (one link gone, one narrowed), the rest as it was.
    const exported = await readNetwork(entries.get('network.xml.gz')!);
    expect(exported.links.size).toBe(links.length - 1);
    expect(exported.links.has(links[0]!.id)).toBe(false);
    expect(exported.links.get(links[1]!.id)!.capacity).toBe(100);
    expect(exported.links.get(links[2]!.id)!.capacity).toBe(links[2]!.capacity);
    expect(new TextDecoder().decode(entries.get('config.xml'))).toContain('network.xml.gz');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'export-demo.zip was downloaded.' }).count()).toBe(1);

    await page.getByLabel('Add a changeset').click();
    await page.getByRole('option', { name: 'Unknown link' }).click();
    await page.getByRole('button', { name: 'Download' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The export failed:' });
    await expect.poll(() => alert.textContent()).toContain('The changeset "Unknown link" cannot be applied to the network');
  });
});
