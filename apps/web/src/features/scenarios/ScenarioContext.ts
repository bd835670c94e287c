import type { Dataset } from '@corridor/contract';
import { createContext, useContext } from 'react';

export const ScenarioContext = createContext<Dataset | undefined>(undefined);

/** The scenario of the current /{group}/{scenario}/… page; only below the scenario wrapper. */
export function useCurrentScenario(): Dataset {
  const scenario = useContext(ScenarioContext);
  if (!scenario) throw new Error('useCurrentScenario outside the scenario wrapper');
  return scenario;
}
