import type { DatasetSummary, RunSummary } from '@corridor/contract';

export interface DatasetOptionGroup {
  group: string;
  items: { value: string; label: string }[];
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/**
 * The Manage Tables dropdown (spec 3 §2.1): the team's scenarios, then its runs (each with its scenario's name,
 * since run names repeat across scenarios), each part by name. Empty parts are left out.
 */
export function datasetOptions(
  scenarios: readonly Pick<DatasetSummary, 'id' | 'name'>[],
  runs: readonly Pick<RunSummary, 'id' | 'name' | 'scenario'>[],
  labels: { scenarios: string; runs: string },
): DatasetOptionGroup[] {
  const groups: DatasetOptionGroup[] = [
    { group: labels.scenarios, items: [...scenarios].sort(byName).map((s) => ({ value: String(s.id), label: s.name })) },
    {
      group: labels.runs,
      items: [...runs]
        .sort(byName)
        .map((run) => ({ value: String(run.id), label: run.scenario ? `${run.name} (${run.scenario.name})` : run.name })),
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}
