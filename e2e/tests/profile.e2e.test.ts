/**
 * My Profile's security in the browser (spec 1 §2.18): an API key created, copied, used by a script and deleted;
 * the devices list with "That's you!" and Deauthorize; the password changed and used to sign in.
 */
import { describe, expect, test } from 'vitest';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'lovelace-1' });

/** A script's call: no browser, no cookie; with the key as `Authorization: Bearer`. */
async function scriptCall(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${env.server.url}/api/v1${path}`, init);
}

describe('profile security', () => {
  test('an API key: created and shown once, copied, used by a script, deleted and refused from then on', async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await signIn(page, 'ada', 'lovelace-1');
    await page.goto('/profile/apikeys');
    await page.getByText('No API keys yet.').waitFor();

    await page.getByLabel('Description of the new key').fill('Nightly export');
    await page.getByRole('button', { name: 'Add' }).click();
    const shown = page.getByRole('status', { name: 'New API key' }).locator('pre');
    await shown.waitFor();
    const key = (await shown.textContent())!.trim();
    expect(key).toMatch(/^[\w-]+\.[\w-]{43}$/);

    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // The confirmation goes after 2 seconds.
    await page.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 4000 });

    const auth = { authorization: `Bearer ${key}` };
    const me = await scriptCall('/accounts/validate', { headers: auth });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe('ada');
    expect((await scriptCall('/datasets/scenarios', { headers: auth })).status).toBe(200);

    // The list shows the public part and the last access; after Done the full key is gone from the page.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    const row = page.getByRole('row', { name: /Nightly export/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${key.split('.')[0]}.`);
    expect(await row.textContent()).not.toContain(key);
    expect(await row.textContent()).not.toContain('Never');

    await page.getByRole('button', { name: 'Delete API key Nightly export' }).click();
    await page.getByText('No API keys yet.').waitFor();
    expect((await scriptCall('/datasets/scenarios', { headers: auth })).status).toBe(401);
    await context.close();
  });

  test("devices show That's you!; another device is deauthorized; the password is changed and signs in", async () => {
    // A second device: curl signing in with the password.
    const login = await scriptCall('/accounts/login', { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'curl/8.5.0' }, body: JSON.stringify({ username: 'ada', password: 'lovelace-1' }) });
    expect(login.status).toBe(200);
    const otherCookie = login.headers.get('set-cookie')!.split(';')[0]!;
    expect((await scriptCall('/accounts/validate', { headers: { cookie: otherCookie } })).status).toBe(200);

    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'ada', 'lovelace-1');
    await page.goto('/profile/security');
    const devices = page.getByRole('table', { name: 'Devices' });
    await devices.getByRole('row', { name: /Chrome on Linux.*That's you!/ }).waitFor();
    await devices.getByRole('button', { name: 'Deauthorize curl' }).click();
    await devices.getByRole('button', { name: 'Deauthorize curl' }).waitFor({ state: 'detached' });
    expect((await scriptCall('/accounts/validate', { headers: { cookie: otherCookie } })).status).toBe(401);

    const submit = page.getByRole('button', { name: 'Change Password' });
    await page.getByLabel('Old password').fill('lovelace-1');
    await page.getByLabel('New password', { exact: true }).fill('ab');
    await page.getByLabel('Repeat new password').fill('ab');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('New password', { exact: true }).fill('analytical-engine');
    await page.getByLabel('Repeat new password').fill('analytical-engin');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Repeat new password').fill('analytical-engine');
    await submit.click();
    await page.getByText('The password was successfully changed.').waitFor();

    // A wrong old password is refused with the spec's text.
    await page.getByLabel('Old password').fill('lovelace-1');
    await page.getByLabel('New password', { exact: true }).fill('another-one');
    await page.getByLabel('Repeat new password').fill('another-one');
    await submit.click();
    await page.getByText('The password could not be changed. The old password is not correct.').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    const signInWith = async (password: string) => {
      await page.getByLabel('Username').fill('ada');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
    };
    await signInWith('lovelace-1');
    await page.getByText('Username or password could not be verified.').waitFor();
    await signInWith('analytical-engine');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  });
});
