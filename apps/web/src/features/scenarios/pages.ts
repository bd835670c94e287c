/** The scenario pages, one chunk loaded by the route table (app/pages.ts). */
export { AddScenarioPage } from './AddScenarioPage.tsx';
export { ScenarioEditPage } from './edit/ScenarioEditPage.tsx';
export { ScenarioDeletePage } from './ScenarioDeletePage.tsx';
export { ScenarioListPage } from './ScenarioListPage.tsx';
export { ScenarioOverviewPage } from './ScenarioOverviewPage.tsx';
export { ScenarioWrapper } from './ScenarioWrapper.tsx';
