/** The jobs pages, one chunk loaded by the route table (app/pages.ts). */
export { JobsPage } from './JobsPage.tsx';
export { SettingsJobsPage } from './SettingsJobsPage.tsx';
