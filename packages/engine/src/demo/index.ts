export { generateDemoScenario, DEMO_CRS, type DemoScenario, type DemoScenarioFile, type DemoScenarioOptions } from './scenario.ts';
