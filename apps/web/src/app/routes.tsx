import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { Placeholder } from '../components/Placeholder.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { SignupPage } from '../features/auth/SignupPage.tsx';
import { GroupWrapper } from '../features/groups/GroupWrapper.tsx';
import { HelpPage } from '../features/help/HelpPage.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { JobsPage } from '../features/jobs/JobsPage.tsx';
import { SettingsJobsPage } from '../features/jobs/SettingsJobsPage.tsx';
import { CompareRunsPage } from '../features/compare/CompareRunsPage.tsx';
import { EditFilePage } from '../features/files/EditFilePage.tsx';
import { ProfilePage } from '../features/profile/ProfilePage.tsx';
import { isRunId } from '../features/runs/runId.ts';
import { RunIdGuard } from '../features/runs/RunIdGuard.tsx';
import { RunFilePage } from '../features/runs/files/RunFilePage.tsx';
import { RunFilesPage } from '../features/runs/files/RunFilesPage.tsx';
import { RunDeletePage } from '../features/runs/RunDeletePage.tsx';
import { RunEditPage } from '../features/runs/RunEditPage.tsx';
import { RunLayout } from '../features/runs/RunLayout.tsx';
import { RunListPage } from '../features/runs/RunListPage.tsx';
import { RunOverviewPage } from '../features/runs/RunOverviewPage.tsx';
import { AddScenarioPage } from '../features/scenarios/AddScenarioPage.tsx';
import { ScenarioEditPage } from '../features/scenarios/edit/ScenarioEditPage.tsx';
import { ScenarioDeletePage } from '../features/scenarios/ScenarioDeletePage.tsx';
import { ScenarioListPage } from '../features/scenarios/ScenarioListPage.tsx';
import { ScenarioOverviewPage } from '../features/scenarios/ScenarioOverviewPage.tsx';
import { ScenarioWrapper } from '../features/scenarios/ScenarioWrapper.tsx';
import { JobTemplateEditorPage } from '../features/settings/JobTemplateEditorPage.tsx';
import { JobTemplatesPage } from '../features/settings/JobTemplatesPage.tsx';
import { RunnersPage } from '../features/settings/RunnersPage.tsx';
import { SettingsHomePage } from '../features/settings/SettingsHomePage.tsx';
import { ScheduleRunPage } from '../features/schedule/ScheduleRunPage.tsx';
import { SetupPage } from '../features/setup/SetupPage.tsx';
import { TeamSettingsPage } from '../features/teams/TeamSettingsPage.tsx';
import { RequireSignedIn } from './guards.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import type { RouteHandle, TitleKey, TitleSpec } from './pageTitle.ts';
import { PublicLayout } from './PublicLayout.tsx';
import { RootLayout } from './RootLayout.tsx';
import { AppLayout } from './shell/AppFrame.tsx';

/** A page route; pages of later issues default to the shared placeholder. */
function page(path: string | undefined, title: TitleSpec, element: ReactNode = <Placeholder />): RouteObject {
  const handle: RouteHandle = { title };
  return path === undefined ? { index: true, element, handle } : { path, element, handle };
}

/** Run pages exist only for numeric ids; other ids get the not-found title too. */
function runPage(path: string | undefined, title: TitleKey, element?: ReactNode): RouteObject {
  return page(path, ({ t, params }) => (isRunId(params.id) ? t(`titles.${title}`) : t('titles.notFound')), element);
}

const settingsRoutes: RouteObject[] = [
  page(undefined, 'settings', <SettingsHomePage />),
  page('accounts', 'accounts'),
  page('groups', 'groups'),
  page('runners', 'runners', <RunnersPage />),
  page('job-templates', 'jobTemplates', <JobTemplatesPage />),
  page('job-templates/:id', 'jobTemplate', <JobTemplateEditorPage />),
  page('smtp', 'smtp'),
  page('licenses', 'licenses'),
  page('server-import', 'serverImport'),
  page('sysinfo', 'sysinfo'),
  page('jobs', 'settingsJobs', <SettingsJobsPage />),
  page('matsim-releases', 'matsimReleases'),
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
  page('export', 'exportScenario'),
  page('delete', 'delete', <ScenarioDeletePage />),
];

const groupRoutes: RouteObject[] = [
  page(undefined, 'scenarios', <ScenarioListPage />),
  page('scenarios', 'scenarios', <ScenarioListPage />),
  page('settings/:section?', 'teamSettings', <TeamSettingsPage />),
  page('runs', 'runs', <RunListPage />),
  page('runs/add', 'importRun'),
  { path: 'runs/:id', element: <RunIdGuard />, children: [{ element: <RunLayout />, children: runRoutes }] },
  page('visualizer', 'visualizer'),
  page('dashboards', 'dashboards'),
  page('dashboards/:dashboard', 'dashboard'),
  page('compare', 'compareRuns', <CompareRunsPage />),
  page(':scenario/editor', 'scenarioEditor'),
  { path: ':scenario', element: <ScenarioWrapper />, children: scenarioRoutes },
];

/** The route table of spec 1 §2.1 (settings pages: spec 3 §2.8). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <PublicLayout size="md" />, children: [page('setup', 'setup', <SetupPage />)] },
      {
        element: <PublicLayout />,
        children: [
          page('login', 'login', <LoginPage />),
          page('signup', 'signup', <SignupPage />),
          page('-/forgot-password', 'forgotPassword'),
          page('-/verify-email/:token', 'verifyEmail'),
          page('-/set-password/:token', 'setPassword'),
        ],
      },
      {
        element: <RequireSignedIn />,
        children: [
          {
            element: <AppLayout />,
            children: [
              page(undefined, 'home', <HomePage />),
              page('help', 'help', <HelpPage />),
              page('jobs', 'jobs', <JobsPage />),
              page('scenarios', 'scenarios', <ScenarioListPage />),
              page('scenarios/add', 'addScenario', <AddScenarioPage />),
              { path: 'settings', children: settingsRoutes },
              page('admin/metrics', 'metrics'),
              page('profile/:section?', 'profile', <ProfilePage />),
              { path: ':group', element: <GroupWrapper />, children: groupRoutes },
            ],
          },
        ],
      },
      page('*', 'notFound', <NotFoundPage />),
    ],
  },
];
