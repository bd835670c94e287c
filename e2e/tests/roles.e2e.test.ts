/**
 * Pages that fit the role (issue 26): a non-administrator's navigation has no Settings and an administration page
 * says "Sorry, nope..." instead of showing its form; an administrator gets the page. A team member finds a team
 * run through /runs, the team switcher and the navigation, and sees a team scenario's access list read-only.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { API, json } from '../support/api.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const ADMIN = { username: 'ada', password: 'lovelace-42' };
const MEMBER = { username: 'bea', password: 'member-pass-1' };
const env = useServerAndBrowser(ADMIN);
let admin: Page;
let member: Page;

beforeAll(async () => {
  admin = (await openPage(env.browser, env.server.url)).page;
  await signIn(admin, ADMIN.username, ADMIN.password);
  const ok = async (response: Awaited<ReturnType<Page['request']['post']>>) => {
    if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
    return response;
  };
  await ok(await admin.request.post(`${API}/accounts/users`, { data: { username: MEMBER.username, password: MEMBER.password } }));
  const lab = await json<{ id: number }>(await ok(await admin.request.post(`${API}/accounts/groups`, { data: { name: 'lab' } })));
  await ok(await admin.request.post(`${API}/accounts/groups/${lab.id}/users`, { data: { username: MEMBER.username } }));
  await ok(await admin.request.post(`${API}/datasets/runs/external`, { data: { groupId: lab.id, name: 'Lab run' } }));
  await ok(await admin.request.post(`${API}/datasets/datasets`, { data: { groupId: lab.id, key: 'harbour', name: 'Harbour', type: 'scenario' } }));
  member = (await openPage(env.browser, env.server.url)).page;
  await signIn(member, MEMBER.username, MEMBER.password);
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

describe('pages by role', () => {
  test('a non-administrator has no Settings entry and gets "Sorry, nope..." on administration pages; an administrator gets them', async () => {
    await nav(member).getByRole('link', { name: 'Runs' }).waitFor();
    expect(await nav(member).getByRole('link', { name: 'Settings' }).count()).toBe(0);
    for (const path of ['/settings/smtp', '/admin/metrics']) {
      await member.goto(path);
      await member.getByText('You are not authorized to view this page.').waitFor();
      await member.getByRole('heading', { name: 'Sorry, nope...' }).waitFor();
    }
    expect(await member.getByRole('button', { name: 'Save Settings' }).count()).toBe(0);

    await nav(admin).getByRole('link', { name: 'Settings' }).waitFor();
    await admin.goto('/settings/smtp');
    await admin.getByRole('button', { name: 'Save Settings' }).waitFor();
    expect(await admin.getByText('You are not authorized to view this page.').count()).toBe(0);
  });

  test("a team member reaches the team's runs from /runs, the team switcher, the navigation and home", async () => {
    await member.goto('/runs');
    await member.waitForURL('**/bea/runs');
    await member.getByText('You do not yet have a run.').waitFor();

    await member.getByRole('combobox', { name: 'Team' }).click();
    await member.getByRole('option', { name: 'lab', exact: true }).click();
    await member.waitForURL('**/lab/runs');
    await member.getByRole('table', { name: 'Runs' }).getByRole('link', { name: 'Lab run' }).waitFor();
    // On the team's pages the navigation stays in the team.
    expect(await nav(member).getByRole('link', { name: 'Runs' }).getAttribute('href')).toBe('/lab/runs');

    await member.goto('/');
    await member.getByRole('link', { name: 'Go to the runs of lab' }).click();
    await member.waitForURL('**/lab/runs');
  });

  test("a team member sees a team scenario's access list without Add User", async () => {
    await member.goto('/lab/harbour/edit/access');
    await member.getByRole('table', { name: 'Users with access' }).getByText('ada').waitFor();
    await member.getByText("Only the scenario's owner and administrators can give other users access or take it away.").waitFor();
    expect(await member.getByRole('button', { name: 'Add User' }).count()).toBe(0);
  });
});
