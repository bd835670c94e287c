export { runMobsim, type MobsimInput, type MobsimResult } from './mobsim.ts';
export { activityEnd } from './agents.ts';
