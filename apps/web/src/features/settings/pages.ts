/** The settings pages, one chunk loaded by the route table (app/pages.ts). */
export { JobTemplateEditorPage } from './JobTemplateEditorPage.tsx';
export { JobTemplatesPage } from './JobTemplatesPage.tsx';
export { RunnersPage } from './RunnersPage.tsx';
export { SettingsHomePage } from './SettingsHomePage.tsx';
export { SysInfoPage } from './sysinfo/SysInfoPage.tsx';
