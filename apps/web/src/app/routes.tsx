import { type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { Placeholder } from '../components/Placeholder.tsx';
import { GroupWrapper } from '../features/groups/GroupWrapper.tsx';
import { isDashboardParam } from '../features/dashboards/board/paths.ts';
import { isRunId } from '../features/runs/runId.ts';
import { OwnRunsRedirect, RequireAdmin, RequireSignedIn } from './guards.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import type { RouteHandle, TitleKey, TitleSpec } from './pageTitle.ts';
import {
  AccountsPage,
  AddScenarioPage,
  ChartEditorPage,
  CompareRunsPage,
  DashboardPage,
  DashboardsListPage,
  EditFilePage,
  ExportScenarioPage,
  ForgotPasswordPage,
  HelpPage,
  HomePage,
  ImportRunPage,
  EditorPage,
  GroupsPage,
  JobsPage,
  JobTemplateEditorPage,
  JobTemplatesPage,
  LicensesPage,
  LoginPage,
  MatsimReleasesPage,
  MetricsPage,
  ProfilePage,
  RunDeletePage,
  RunEditPage,
  RunFilePage,
  RunFilesPage,
  RunIdGuard,
  RunLayout,
  RunListPage,
  RunnersPage,
  RunOverviewPage,
  ScenarioDeletePage,
  ScenarioEditPage,
  ScenarioListPage,
  ScenarioOverviewPage,
  ScenarioWrapper,
  ScheduleRunPage,
  ServerImportPage,
  SettingsHomePage,
  SettingsJobsPage,
  SetPasswordPage,
  SetupPage,
  SignupPage,
  SmtpSettingsPage,
  SysInfoPage,
  TeamSettingsPage,
  VerifyEmailPage,
  VisualizerPage,
} from './pages.ts';
import { PublicLayout } from './PublicLayout.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import { AppLayout } from './shell/AppFrame.tsx';

/** The one Suspense boundary of the lazily loaded pages (./pages.ts): the page loader until a chunk is there. */
function suspended(element: ReactNode): ReactNode {
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}

/**
 * Every route has an error boundary (issue 24): a page that throws while rendering, or whose chunk fails to load,
 * shows the spec's texts in its own place, inside the frames above it. The frames' own boundaries stand alone.
 */
const inFrame = <RouteError />;
const standalone = <RouteError standalone />;

/** A page route; pages of later issues default to the shared placeholder. */
function page(path: string | undefined, title: TitleSpec, element: ReactNode = <Placeholder />): RouteObject {
  const route = { element: suspended(element), errorElement: inFrame, handle: { title } satisfies RouteHandle };
  return path === undefined ? { index: true, ...route } : { path, ...route };
}

/** Run pages exist only for numeric ids; other ids get the not-found title too. */
function runPage(path: string | undefined, title: TitleKey, element?: ReactNode): RouteObject {
  return page(path, ({ t, params }) => (isRunId(params.id) ? t(`titles.${title}`) : t('titles.notFound')), element);
}

/** Pages only administrators may open (spec 3 §2.8, §6); others get "Sorry, nope..." (RequireAdmin). */
function adminOnly(children: RouteObject[]): RouteObject {
  return { element: <RequireAdmin />, errorElement: inFrame, children };
}

/** Settings pages: Groups, Runners and the jobs list are everyone's (spec 3 §2.8); the rest is administration. */
const settingsRoutes: RouteObject[] = [
  page(undefined, 'settings', <SettingsHomePage />),
  page('groups', 'groups', <GroupsPage />),
  page('runners', 'runners', <RunnersPage />),
  page('jobs', 'settingsJobs', <SettingsJobsPage />),
  adminOnly([
    page('accounts', 'accounts', <AccountsPage />),
    page('job-templates', 'jobTemplates', <JobTemplatesPage />),
    page('job-templates/:id', 'jobTemplate', <JobTemplateEditorPage />),
    page('smtp', 'smtp', <SmtpSettingsPage />),
    page('licenses', 'licenses', <LicensesPage />),
    page('server-import', 'serverImport', <ServerImportPage />),
    page('sysinfo', 'sysinfo', <SysInfoPage />),
    page('matsim-releases', 'matsimReleases', <MatsimReleasesPage />),
  ]),
];

const runRoutes: RouteObject[] = [
  runPage(undefined, 'run', <RunOverviewPage />),
  runPage('edit', 'edit', <RunEditPage />),
  runPage('delete', 'delete', <RunDeletePage />),
  runPage('file', 'file', <RunFilePage />),
  runPage('files', 'files', <RunFilesPage />),
];

const scenarioRoutes: RouteObject[] = [
  page(undefined, 'scenario', <ScenarioOverviewPage />),
  page('edit/:section?', 'editScenario', <ScenarioEditPage />),
  page('edit-file', ({ t, search }) => search.get('file') || t('titles.file'), <EditFilePage />),
  page('schedule-run', 'scheduleRun', <ScheduleRunPage />),
  page('export', 'exportScenario', <ExportScenarioPage />),
  page('delete', 'delete', <ScenarioDeletePage />),
];

const groupRoutes: RouteObject[] = [
  page(undefined, 'scenarios', <ScenarioListPage />),
  page('scenarios', 'scenarios', <ScenarioListPage />),
  page('settings/:section?', 'teamSettings', <TeamSettingsPage />),
  page('runs', 'runs', <RunListPage />),
  page('runs/add', 'importRun', <ImportRunPage />),
  {
    path: 'runs/:id',
    element: suspended(<RunIdGuard />),
    errorElement: inFrame,
    children: [{ element: suspended(<RunLayout />), errorElement: inFrame, children: runRoutes }],
  },
  page('visualizer', 'visualizer', <VisualizerPage />),
  page('dashboards', 'dashboards', <DashboardsListPage />),
  // A numeric id or `new`; anything else is the not-found view (spec 3 §2.2).
  page('dashboards/:dashboard', ({ t, params }) => (isDashboardParam(params.dashboard) ? t('titles.dashboard') : t('titles.notFound')), <DashboardPage />),
  page('charts/:chart', 'chart', <ChartEditorPage />),
  page('compare', 'compareRuns', <CompareRunsPage />),
  page(':scenario/editor', 'scenarioEditor', <EditorPage />),
  { path: ':scenario', element: suspended(<ScenarioWrapper />), errorElement: inFrame, children: scenarioRoutes },
];

/** The route table of spec 1 §2.1 (settings pages: spec 3 §2.8). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: standalone,
    children: [
      { element: <PublicLayout size="md" />, errorElement: standalone, children: [page('setup', 'setup', <SetupPage />)] },
      {
        element: <PublicLayout />,
        errorElement: standalone,
        children: [
          page('login', 'login', <LoginPage />),
          page('signup', 'signup', <SignupPage />),
          page('-/forgot-password', 'forgotPassword', <ForgotPasswordPage />),
          page('-/verify-email/:token', 'verifyEmail', <VerifyEmailPage />),
          page('-/set-password/:token', 'setPassword', <SetPasswordPage />),
        ],
      },
      {
        element: <RequireSignedIn />,
        errorElement: standalone,
        children: [
          {
            element: <AppLayout />,
            errorElement: standalone,
            children: [
              page(undefined, 'home', <HomePage />),
              page('help', 'help', <HelpPage />),
              page('jobs', 'jobs', <JobsPage />),
              page('scenarios', 'scenarios', <ScenarioListPage />),
              page('scenarios/add', 'addScenario', <AddScenarioPage />),
              { path: 'settings', errorElement: inFrame, children: settingsRoutes },
              adminOnly([page('admin/metrics', 'metrics', <MetricsPage />)]),
              page('runs', 'runs', <OwnRunsRedirect />),
              page('profile/:section?', 'profile', <ProfilePage />),
              { path: ':group', element: <GroupWrapper />, errorElement: inFrame, children: groupRoutes },
            ],
          },
        ],
      },
      page('*', 'notFound', <NotFoundPage />),
    ],
  },
];
