// The dashboard page's chunk: the feature's texts register themselves on load (namespace `dashboards`).
import '../i18n/index.ts';

export { DashboardPage } from './DashboardPage.tsx';
