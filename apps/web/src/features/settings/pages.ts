/** The settings pages, one chunk loaded by the route table (app/pages.ts). */
export { AccountsPage } from './accounts/AccountsPage.tsx';
export { GroupsPage } from './groups/GroupsPage.tsx';
export { JobTemplateEditorPage } from './JobTemplateEditorPage.tsx';
export { JobTemplatesPage } from './JobTemplatesPage.tsx';
export { LicensesPage } from './licenses/LicensesPage.tsx';
export { MatsimReleasesPage } from './MatsimReleasesPage.tsx';
export { RunnersPage } from './RunnersPage.tsx';
export { ServerImportPage } from './server-import/ServerImportPage.tsx';
export { SettingsHomePage } from './SettingsHomePage.tsx';
export { SmtpSettingsPage } from './smtp/SmtpSettingsPage.tsx';
export { SysInfoPage } from './sysinfo/SysInfoPage.tsx';
