import { describe, expect, test } from 'vitest';
import { hasFocus, openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'grace', password: 'hopper-42' });

describe('sign-in and the application shell', () => {
  test('a signed-out visitor is sent to /login and a wrong password keeps them there', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await page.goto('/scenarios');
    await page.waitForURL('**/login');

    await page.getByLabel('Username').fill('grace');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username or password could not be verified.').waitFor();
    expect(await hasFocus(page.getByLabel('Password', { exact: true }))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('greeting, navigation collapse kept over a reload, theme, 404 and sign out', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'grace', 'hopper-42');

    // Admins see Settings in the main navigation.
    await page.getByRole('link', { name: 'Settings' }).waitFor();

    // Collapse the navigation; the choice survives a reload.
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await page.getByRole('button', { name: 'Expand navigation' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Expand navigation' }).waitFor();
    await page.getByRole('button', { name: 'Expand navigation' }).click();
    await page.getByRole('button', { name: 'Collapse navigation' }).waitFor();

    // Theme: switch to dark, kept over a reload, back to light.
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    await page.goto('/profile/appearance');
    await page.getByText('Dark', { exact: true }).click();
    await expect.poll(scheme).toBe('dark');
    await page.reload();
    await page.getByText('Dark', { exact: true }).waitFor();
    expect(await scheme()).toBe('dark');
    await page.getByText('Light', { exact: true }).click();
    await expect.poll(scheme).toBe('light');

    // Unknown routes show the spec's not-found text (a run id must be numeric).
    for (const path of ['/grace/runs/not-a-number', '/a/b/c/d/e/f']) {
      await page.goto(path);
      await page.getByText("We're sorry, but we couldn't find that page.").waitFor();
      await page.getByText('[ Error 404 ]').waitFor();
      await page.getByText('Sorry!').waitFor();
    }

    // Group wrapper: an unknown group answers 404 with the spec's text.
    await page.goto('/no-such-team/runs');
    await page.getByText('Oops... This page does not exist. 404.').waitFor();

    // Sign out ends the session on the server too.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Hello, grace!' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    const status = await page.evaluate(async () => (await fetch('/api/v1/accounts/validate')).status);
    expect(status).toBe(401);
    await page.goto('/');
    await page.waitForURL('**/login');
  });

  test('sign-up follows the accountsSignup feature', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await page.goto('/signup');
    await page.getByText('Sign-up is not possible on this instance.').waitFor();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);

    // The administrator turns the feature on through the API, from their signed-in page.
    await signIn(page, 'grace', 'hopper-42');
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/v1/corridor/features', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accountsSignup: true }),
      });
      await fetch('/api/v1/accounts/logout');
      return res.status;
    });
    expect(status).toBe(200);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL('**/signup');
    await page.getByLabel('Username').fill('grace');
    await page.getByLabel('Email').fill('no-at-sign');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Please enter a valid email address.').waitFor();
    await page.getByLabel('Email').fill('grace@example.org');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('There was a problem signing you up. Invalid Username.').waitFor();
    await page.getByLabel('Username').fill('linus');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Thank you for signing up!' }).waitFor();
    // This instance has no mail settings, so no set-password mail could go out.
    await page.getByText('Your account was created, but this installation cannot send email yet. Please ask an administrator to set your password.').waitFor();
  });
});
