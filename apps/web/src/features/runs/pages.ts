/** The run pages, one chunk loaded by the route table (app/pages.ts). */
export { RunFilePage } from './files/RunFilePage.tsx';
export { RunFilesPage } from './files/RunFilesPage.tsx';
export { ImportRunPage } from './import/ImportRunPage.tsx';
export { RunDeletePage } from './RunDeletePage.tsx';
export { RunEditPage } from './RunEditPage.tsx';
export { RunIdGuard } from './RunIdGuard.tsx';
export { RunLayout } from './RunLayout.tsx';
export { RunListPage } from './RunListPage.tsx';
export { RunOverviewPage } from './RunOverviewPage.tsx';
