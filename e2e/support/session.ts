import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

/** A fresh browser context (own cookies and local storage) on the given server. */
export async function openPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { context, page };
}

/** Creates the main administrator through the API, as the setup wizard's first step does. */
export async function setupAdmin(baseURL: string, username: string, password: string): Promise<void> {
  const res = await fetch(`${baseURL}/api/v1/accounts/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`setup failed: ${res.status} ${await res.text()}`);
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: `Hello, ${username}!` }).waitFor();
}

/** True when the located element has keyboard focus. */
export async function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

/** The setup wizard's first two panels (welcome, administrator), leaving it on the licence panel. */
export async function wizardToLicencePanel(page: Page, username: string, password = 's3cret-pass'): Promise<void> {
  await page.goto('/setup');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Next' }).click();
}
