/**
 * The feature pages, each loaded with its feature's chunk the first time a route shows it (route-level code
 * splitting): the first page loads the shell and the page it shows, nothing else. The route table wraps them in
 * one Suspense boundary with the page loader (`suspended` in routes.tsx).
 */
import { type ComponentType, lazy } from 'react';

/** React.lazy for a module's named component export. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const auth = () => import('../features/auth/pages.ts');
const authLinks = () => import('../features/auth/linkPages.ts');
const compare = () => import('../features/compare/CompareRunsPage.tsx');
const dashboardsList = () => import('../features/dashboards/list/DashboardsListPage.tsx');
const dashboardBoard = () => import('../features/dashboards/board/page.ts');
const chartEditor = () => import('../features/dashboards/chart/editor/ChartEditorPage.tsx');
const files = () => import('../features/files/EditFilePage.tsx');
const help = () => import('../features/help/HelpPage.tsx');
const home = () => import('../features/home/HomePage.tsx');
const jobs = () => import('../features/jobs/pages.ts');
const mapEditor = () => import('../features/map-editor/pages.ts');
const metrics = () => import('../features/metrics/pages.ts');
const profile = () => import('../features/profile/ProfilePage.tsx');
const runs = () => import('../features/runs/pages.ts');
const scenarios = () => import('../features/scenarios/pages.ts');
const scenarioExport = () => import('../features/scenario-export/ExportScenarioPage.tsx');
const schedule = () => import('../features/schedule/ScheduleRunPage.tsx');
const settings = () => import('../features/settings/pages.ts');
const setup = () => import('../features/setup/SetupPage.tsx');
const teams = () => import('../features/teams/TeamSettingsPage.tsx');
const visualizer = () => import('../features/visualizer/pages.ts');

export const LoginPage = lazyNamed(auth, 'LoginPage');
export const SignupPage = lazyNamed(auth, 'SignupPage');
export const ForgotPasswordPage = lazyNamed(authLinks, 'ForgotPasswordPage');
export const SetPasswordPage = lazyNamed(authLinks, 'SetPasswordPage');
export const VerifyEmailPage = lazyNamed(authLinks, 'VerifyEmailPage');
export const CompareRunsPage = lazyNamed(compare, 'CompareRunsPage');
export const DashboardsListPage = lazyNamed(dashboardsList, 'DashboardsListPage');
export const DashboardPage = lazyNamed(dashboardBoard, 'DashboardPage');
export const ChartEditorPage = lazyNamed(chartEditor, 'ChartEditorPage');
export const EditFilePage = lazyNamed(files, 'EditFilePage');
export const HelpPage = lazyNamed(help, 'HelpPage');
export const HomePage = lazyNamed(home, 'HomePage');
export const MetricsPage = lazyNamed(metrics, 'MetricsPage');
export const JobsPage = lazyNamed(jobs, 'JobsPage');
export const EditorPage = lazyNamed(mapEditor, 'EditorPage');
export const SettingsJobsPage = lazyNamed(jobs, 'SettingsJobsPage');
export const ProfilePage = lazyNamed(profile, 'ProfilePage');
export const RunIdGuard = lazyNamed(runs, 'RunIdGuard');
export const RunLayout = lazyNamed(runs, 'RunLayout');
export const RunOverviewPage = lazyNamed(runs, 'RunOverviewPage');
export const RunEditPage = lazyNamed(runs, 'RunEditPage');
export const RunDeletePage = lazyNamed(runs, 'RunDeletePage');
export const RunFilePage = lazyNamed(runs, 'RunFilePage');
export const RunFilesPage = lazyNamed(runs, 'RunFilesPage');
export const RunListPage = lazyNamed(runs, 'RunListPage');
export const ImportRunPage = lazyNamed(runs, 'ImportRunPage');
export const AddScenarioPage = lazyNamed(scenarios, 'AddScenarioPage');
export const ScenarioEditPage = lazyNamed(scenarios, 'ScenarioEditPage');
export const ScenarioDeletePage = lazyNamed(scenarios, 'ScenarioDeletePage');
export const ScenarioListPage = lazyNamed(scenarios, 'ScenarioListPage');
export const ScenarioOverviewPage = lazyNamed(scenarios, 'ScenarioOverviewPage');
export const ScenarioWrapper = lazyNamed(scenarios, 'ScenarioWrapper');
export const ExportScenarioPage = lazyNamed(scenarioExport, 'ExportScenarioPage');
export const ScheduleRunPage = lazyNamed(schedule, 'ScheduleRunPage');
export const AccountsPage = lazyNamed(settings, 'AccountsPage');
export const GroupsPage = lazyNamed(settings, 'GroupsPage');
export const LicensesPage = lazyNamed(settings, 'LicensesPage');
export const MatsimReleasesPage = lazyNamed(settings, 'MatsimReleasesPage');
export const ServerImportPage = lazyNamed(settings, 'ServerImportPage');
export const JobTemplateEditorPage = lazyNamed(settings, 'JobTemplateEditorPage');
export const JobTemplatesPage = lazyNamed(settings, 'JobTemplatesPage');
export const RunnersPage = lazyNamed(settings, 'RunnersPage');
export const SettingsHomePage = lazyNamed(settings, 'SettingsHomePage');
export const SmtpSettingsPage = lazyNamed(settings, 'SmtpSettingsPage');
export const SysInfoPage = lazyNamed(settings, 'SysInfoPage');
export const SetupPage = lazyNamed(setup, 'SetupPage');
export const TeamSettingsPage = lazyNamed(teams, 'TeamSettingsPage');
export const VisualizerPage = lazyNamed(visualizer, 'VisualizerPage');
