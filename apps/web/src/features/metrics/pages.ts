/** The metrics dashboard's chunk (app/pages.ts). */
export { MetricsPage } from './MetricsPage.tsx';
