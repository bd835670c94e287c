/**
 * No raw error page, ever (issue 24): every lazily loaded page (each export of apps/web/src/app/pages.ts) that
 * fails while rendering shows the spec's "We're sorry... An error prevented loading this page." in its place, with
 * the frame (navigation, or the public pages' header) kept, Reload and Back to home — never React Router's
 * "Unexpected Application Error! … Hey developer".
 *
 * The failure is a real one, no hook in the app: the page's chunk cannot be fetched (as after a deploy, or with the
 * connection gone). The test loads a start page that does not need the target's chunk, then lets the browser fetch
 * only the scripts that start page fetched; the target's lazy component then throws while rendering.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { createDemoScenario } from '../support/api.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'boundary-1' });

interface Target {
  path: string;
  /** A page that does not load the target's chunk (default: home). */
  start?: string;
  /** Public pages: shown signed out, inside the public frame. */
  public?: true;
}

const SCENARIO = '/ada/grid';
const RUN = '/ada/runs/1';

// Every export of pages.ts; the first check below fails when a page is added without an address here.
const TARGETS: Record<string, Target> = {
  LoginPage: { path: '/login', start: '/-/forgot-password', public: true },
  SignupPage: { path: '/signup', start: '/-/forgot-password', public: true },
  ForgotPasswordPage: { path: '/-/forgot-password', start: '/login', public: true },
  SetPasswordPage: { path: '/-/set-password/some-token', start: '/login', public: true },
  VerifyEmailPage: { path: '/-/verify-email/some-token', start: '/login', public: true },
  SetupPage: { path: '/setup', start: '/login', public: true },
  HomePage: { path: '/', start: '/help' },
  HelpPage: { path: '/help' },
  JobsPage: { path: '/jobs' },
  MetricsPage: { path: '/admin/metrics' },
  ProfilePage: { path: '/profile' },
  ScenarioListPage: { path: '/scenarios' },
  AddScenarioPage: { path: '/scenarios/add' },
  SettingsHomePage: { path: '/settings' },
  AccountsPage: { path: '/settings/accounts' },
  GroupsPage: { path: '/settings/groups' },
  RunnersPage: { path: '/settings/runners' },
  JobTemplatesPage: { path: '/settings/job-templates' },
  JobTemplateEditorPage: { path: '/settings/job-templates/1' },
  SmtpSettingsPage: { path: '/settings/smtp' },
  LicensesPage: { path: '/settings/licenses' },
  ServerImportPage: { path: '/settings/server-import' },
  SysInfoPage: { path: '/settings/sysinfo' },
  SettingsJobsPage: { path: '/settings/jobs' },
  MatsimReleasesPage: { path: '/settings/matsim-releases' },
  TeamSettingsPage: { path: '/ada/settings' },
  RunListPage: { path: '/ada/runs' },
  ImportRunPage: { path: '/ada/runs/add' },
  RunIdGuard: { path: RUN },
  RunLayout: { path: RUN },
  RunOverviewPage: { path: RUN },
  RunEditPage: { path: `${RUN}/edit` },
  RunDeletePage: { path: `${RUN}/delete` },
  RunFilePage: { path: `${RUN}/file?file=output_events.xml.gz` },
  RunFilesPage: { path: `${RUN}/files` },
  VisualizerPage: { path: '/ada/visualizer' },
  DashboardsListPage: { path: '/ada/dashboards' },
  DashboardPage: { path: '/ada/dashboards/new' },
  ChartEditorPage: { path: '/ada/charts/1' },
  CompareRunsPage: { path: '/ada/compare' },
  EditorPage: { path: `${SCENARIO}/editor` },
  ScenarioWrapper: { path: SCENARIO },
  ScenarioOverviewPage: { path: SCENARIO },
  ScenarioEditPage: { path: `${SCENARIO}/edit` },
  ScenarioDeletePage: { path: `${SCENARIO}/delete` },
  // Pages with a chunk of their own under the scenario wrapper: the wrapper loads, the page's own boundary shows.
  EditFilePage: { path: `${SCENARIO}/edit-file?file=config.xml`, start: SCENARIO },
  ScheduleRunPage: { path: `${SCENARIO}/schedule-run`, start: SCENARIO },
  ExportScenarioPage: { path: `${SCENARIO}/export`, start: SCENARIO },
};

/** The scripts a start page fetched, once per context and start page (the promise, so parallel checks share it). */
const scriptsOf = new Map<string, Promise<Set<string>>>();

function startScripts(context: BrowserContext, start: string): Promise<Set<string>> {
  const key = `${context === signedOut ? 'out' : 'in'} ${start}`;
  let known = scriptsOf.get(key);
  if (!known) {
    known = (async () => {
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('.js')) scripts.add(request.url());
      });
      await page.goto(start, { waitUntil: 'networkidle' });
      await page.close();
      return scripts;
    })();
    scriptsOf.set(key, known);
  }
  return known;
}

/** Opens `target.path` with only the start page's scripts fetchable. */
async function openBroken(context: BrowserContext, target: Target): Promise<Page> {
  const allowed = await startScripts(context, target.start ?? '/');
  const page = await context.newPage();
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    (route) => (allowed.has(route.request().url()) ? route.continue() : route.abort('failed')),
  );
  await page.goto(target.path);
  return page;
}

let signedIn: BrowserContext;
let signedOut: BrowserContext;

describe('error boundaries', () => {
  beforeAll(async () => {
    const session = await openPage(env.browser, env.server.url);
    signedIn = session.context;
    await signIn(session.page, 'ada', 'boundary-1');
    await createDemoScenario(session.page, 'ada', 'grid', 'Grid');
    signedOut = (await openPage(env.browser, env.server.url)).context;
  });

  test('every lazy page that fails to render shows the spec text inside the frame, with Reload and Back to home', { timeout: 400_000 }, async () => {
    const source = await readFile(new URL('../../apps/web/src/app/pages.ts', import.meta.url), 'utf8');
    const exported = [...source.matchAll(/^export const (\w+) = lazyNamed\(/gm)].map((match) => match[1]).sort();
    expect(exported.length).toBeGreaterThan(40);
    expect(Object.keys(TARGETS).sort()).toEqual(exported);

    // Three pages at a time: each waits on its own page (the same checks as one by one), the browser and the server
    // mostly wait on each other, so the 49 pages take about a third of the time.
    const queue = Object.entries(TARGETS);
    const check = async (name: string, target: Target) => {
      const page = await openBroken(target.public ? signedOut : signedIn, target);
      const where = `${name} at ${target.path}`;
      try {
        await page.getByText('An error prevented loading this page.').waitFor({ timeout: 15_000 });
        // The frame stays: the main navigation, or the public pages' header.
        const frame = target.public
          ? page.getByRole('heading', { name: 'Corridor', level: 1 })
          : page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Scenarios' });
        // The frame may draw a moment after the error text on a busy machine; it must come.
        await frame.first().waitFor({ timeout: 15_000 }).catch(() => undefined);
        const [heading, explanation, reload, home, frames, text] = await Promise.all([
          page.getByRole('heading', { name: "We're sorry..." }).count(),
          page.getByText('A part of Corridor could not be loaded').count(),
          page.getByRole('button', { name: 'Reload' }).count(),
          page.getByRole('link', { name: 'Back to home' }).count(),
          frame.count(),
          page.textContent('body'),
        ]);
        expect(heading, where).toBe(1);
        expect(explanation, where).toBe(1);
        expect(reload, where).toBe(1);
        expect(home, where).toBe(1);
        expect(frames, where).toBe(1);
        expect(text ?? '', where).not.toContain('Unexpected Application Error');
        expect(text ?? '', where).not.toContain('Hey developer');
      } finally {
        await page.close();
      }
    };
    await Promise.all(
      [1, 2, 3].map(async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await check(...next);
      }),
    );
  });

  test('Reload brings the page back once its chunk can be fetched again', async () => {
    const page = await openBroken(signedIn, TARGETS.ScheduleRunPage!);
    await page.getByText('An error prevented loading this page.').waitFor();
    // The navigation works from the error page; the scenario's own pages still load.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Schedule a new Run' }).waitFor();
    expect(await page.getByText('An error prevented loading this page.').count()).toBe(0);
    await page.close();
  });
});
