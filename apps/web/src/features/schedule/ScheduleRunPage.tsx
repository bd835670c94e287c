/** /{group}/{scenario}/schedule-run (spec 1 §2.15): loads what the prefill needs, then shows the form. */
import { useJobTemplates } from '../../api/catalogues.ts';
import { useChangesets } from '../../api/changesets.ts';
import { useJob, useScenarioRuns } from '../../api/jobs-schedule.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useCurrentScenario } from '../scenarios/ScenarioContext.ts';
import { prefill, scenarioRunInfo } from './scheduleForm.ts';
import { ScheduleRunForm } from './ScheduleRunForm.tsx';

export function ScheduleRunPage() {
  const scenario = useCurrentScenario();
  const relations = useScenarioRuns(scenario.id);
  const info = scenarioRunInfo(relations.data ?? []);
  const lastJob = useJob(info.lastJobId);
  const templates = useJobTemplates();
  const changesets = useChangesets(scenario.id);

  // A failed look-up only costs the prefill: the form still opens with the proposals it can make.
  const loading =
    relations.isPending || templates.isPending || changesets.isPending || (info.lastJobId !== null && lastJob.isPending);
  if (loading) return <PageLoader />;

  const initial = prefill({
    scenario,
    runCount: info.count,
    lastJob: lastJob.data ?? null,
    templates: templates.data,
    changesetIds: (changesets.data ?? []).map((changeset) => changeset.id),
  });
  return <ScheduleRunForm scenario={scenario} initial={initial} templates={templates.data} changesets={changesets.data ?? []} />;
}
