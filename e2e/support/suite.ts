import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';
import { setupAdmin } from './session.ts';

export interface SuiteEnv {
  server: RunningServer;
  browser: Browser;
}

/**
 * A test file's server (fresh DATA_DIR) and browser: both started before the file's tests, the administrator
 * set up when one is given, both stopped after. The fields are filled once the tests run.
 */
export function useServerAndBrowser(admin?: { username: string; password: string }): SuiteEnv {
  const env = {} as SuiteEnv;
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(), launchBrowser()]);
    if (admin) await setupAdmin(env.server.url, admin.username, admin.password);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
