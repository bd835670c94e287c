/** /{group}/{scenario}/schedule-run (spec 1 §2.15): loads what the defaults need, then shows the form. */
import { useRef } from 'react';
import { useJobTemplates } from '../../api/catalogues.ts';
import { useChangesets } from '../../api/changesets.ts';
import { useFileText } from '../../api/fileText.ts';
import { useJob, useScenarioRuns } from '../../api/jobs-schedule.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useCurrentScenario } from '../scenarios/ScenarioContext.ts';
import { useConfigNames } from './useConfigNames.ts';
import { defaultConfigId, prefill, scenarioRunInfo, type ScheduleValues } from './scheduleForm.ts';
import { ScheduleRunForm } from './ScheduleRunForm.tsx';

export function ScheduleRunPage() {
  const scenario = useCurrentScenario();
  const relations = useScenarioRuns(scenario.id);
  const info = scenarioRunInfo(relations.data ?? []);
  const lastJob = useJob(info.lastJobId);
  const templates = useJobTemplates();
  const changesets = useChangesets(scenario.id);
  const configId = defaultConfigId(scenario.files);
  const configText = useFileText(configId === null ? null : Number(configId));
  const configNames = useConfigNames(configText.data);

  // A failed look-up only costs the defaults: the form still opens with the proposals it can make.
  const loading =
    relations.isPending ||
    templates.isPending ||
    changesets.isPending ||
    (info.lastJobId !== null && lastJob.isPending) ||
    (configId !== null && configText.isPending);
  // The first complete answers fill the form once: scheduling refreshes the relations (a new last job), and
  // the form must stay (with its success message and pending redirect) instead of loading again.
  const initial = useRef<ScheduleValues>(undefined);
  if (!initial.current) {
    if (loading) return <PageLoader />;
    initial.current = prefill({ scenario, runCount: info.count, lastJob: lastJob.data ?? null, templates: templates.data, configNames });
  }
  return (
    <ScheduleRunForm
      scenario={scenario}
      initial={initial.current}
      templates={templates.data}
      changesets={changesets.data ?? []}
      lastJob={lastJob.data ?? null}
    />
  );
}
