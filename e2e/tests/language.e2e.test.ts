/**
 * The language a user chooses is kept with the account (issue 25): it survives a reload, paints from the first
 * frame in that language, and follows the user into another browser; a browser whose own language is English is
 * only the default before sign-in.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'lovelace-1' });

async function englishBrowser(): Promise<Page> {
  const context = await env.browser.newContext({ baseURL: env.server.url, locale: 'en-US' });
  return context.newPage();
}

/** The first texts the page paints after a load: recorded before the app's scripts run. */
async function firstTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __texts: string[] }).__texts);
}

describe('language', () => {
  test('chosen on the profile, it survives a reload, paints in German from the start and follows the user to another browser', async () => {
    const page = await englishBrowser();
    await signIn(page, 'ada', 'lovelace-1');
    await page.goto('/profile/appearance');
    const language = page.getByLabel('Language', { exact: true });
    await language.click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await page.getByLabel('Sprache', { exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');

    // Every text the page shows after a reload, recorded from the first one on: never the English section names.
    await page.addInitScript(() => {
      const texts: string[] = [];
      (window as unknown as { __texts: string[] }).__texts = texts;
      new MutationObserver(() => texts.push(document.body?.innerText ?? '')).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    await page.getByLabel('Sprache', { exact: true }).waitFor();
    expect(await page.getByLabel('Sprache', { exact: true }).inputValue()).toBe('Deutsch');
    await page.getByText('Darstellung').first().waitFor();
    const painted = (await firstTexts(page)).filter((text) => text.trim() !== '');
    expect(painted.length).toBeGreaterThan(0);
    for (const text of painted) expect(text).not.toMatch(/\bAppearance\b|\bSecurity\b|\bLanguage\b/);

    // Another browser, English by its own setting: German once ada is signed in.
    const other = await englishBrowser();
    await other.goto('/login');
    await other.getByRole('button', { name: 'Sign In' }).waitFor();
    await other.getByLabel('Username').fill('ada');
    await other.getByLabel('Password', { exact: true }).fill('lovelace-1');
    await other.getByRole('button', { name: 'Sign In' }).click();
    await other.getByRole('heading', { name: 'Hallo, ada!' }).waitFor();
    await other.goto('/profile/appearance');
    await other.getByLabel('Sprache', { exact: true }).waitFor();

    // Back to English: kept too.
    await page.getByLabel('Sprache', { exact: true }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByLabel('Language', { exact: true }).waitFor();
    await page.reload();
    await page.getByLabel('Language', { exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.context().close();
    await other.context().close();
  });
});
