import type { Dataset } from '@corridor/contract';
import { useEffect, useState } from 'react';
import { editorAvailability } from './scenarioRules.ts';

/** editorAvailability, looked at again when time alone can change the answer. */
export function useEditorAvailability(scenario: Dataset): boolean {
  const [now, setNow] = useState(() => Date.now());
  const { available, recheckAt } = editorAvailability(scenario, now);
  useEffect(() => {
    if (recheckAt === undefined) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, recheckAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [recheckAt]);
  return available;
}
