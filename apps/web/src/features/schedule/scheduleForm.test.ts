import { type FileEntry, type Job, JOB_PATH_MESSAGES, type JobTemplatesAnswer, SCHEDULE_MESSAGES } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { parseConfigText } from '@corridor/matsim/config-text';
import { fileFitsRole, preselectFiles, roleFileOptions, roleOfFile, sameFileName } from '../../components/fileRoles.ts';
import { configFileNames, copyLastRun, defaultJobType, filesFromConfig, prefill, scenarioRunInfo, scheduleRequest, validateSchedule } from './scheduleForm.ts';

function file(id: number, name: string, tag: string | null): FileEntry {
  return { id, name, size: 1, added: '', modified: '', type: 'user', tag, usages: [], attributes: {} };
}

const files = [
  file(1, 'config.xml', 'config_v2'),
  file(2, 'network.xml.gz', 'network_v2'),
  file(3, 'plans.xml.gz', 'population_v6'),
  file(4, 'facilities.xml', 'facilities_v1'),
  file(5, 'transitSchedule.xml', 'transitSchedule_v2'),
  file(6, 'transitVehicles.xml', 'vehicleDefinitions_v2'),
  file(7, 'vehicles.xml', 'vehicleDefinitions_v2'),
  file(8, 'notes.txt', null),
];
const scenario = { id: 42, groupId: 7, name: 'Demo', key: 'demo', attributes: {}, files };
const templates: JobTemplatesAnswer = {
  jobTemplates: [
    { id: 1, name: 'Built-in engine', description: '', matsimVersion: null, toolIntegrations: [], allowCustomJar: false, command: '$ENGINE $CONFIG $ARGS', files: [] },
    { id: 2, name: 'Standard', description: '', matsimVersion: '2025.0', toolIntegrations: [], allowCustomJar: false, command: '$JAVA', files: [] },
  ],
  defaultJobTemplate: 2,
};
const lastJob: Job = {
  id: 9,
  name: 'Demo Run 1',
  url: '/ada/runs/50',
  datasetId: 50,
  jobStatus: 'FINISHED',
  submitted: '',
  started: null,
  finished: null,
  lastUpdated: '',
  parameters: JSON.stringify({ memory: '2048m', changesets: [{ id: 3 }, { id: 99 }], programArgs: '--config:controller.lastIteration=2', matsimRunId: 'demo_1' }),
  command: '',
  jobTemplate: 1,
  files: [
    { id: 1, role: 'config', name: 'config.xml' },
    { id: 8, role: 'input', name: 'notes.txt' },
    { id: 777, role: 'network', name: 'gone.xml' },
  ],
  fkStdOutFile: null,
  ready: false,
  runnerName: null,
  message: null,
  exitCode: null,
  external: false,
};

describe('file preselection by data-type tag', () => {
  it('maps tag families to roles', () => {
    expect(roleOfFile(file(0, 'p.xml', 'plans_v4'))).toBe('population');
    expect(roleOfFile(file(0, 'x.xml', null))).toBeNull();
    expect(preselectFiles(files)).toEqual({
      config: '1',
      network: '2',
      population: '3',
      facilities: '4',
      transitschedule: '5',
      transitvehicles: '6',
      vehicles: '7',
      jar: null,
    });
  });

  it('takes the first file by name when several fit', () => {
    expect(preselectFiles([file(2, 'z-network.xml', 'network_v2'), file(3, 'a-network.xml', 'network_v1')]).network).toBe('3');
  });
});

describe('prefill', () => {
  it('counts scenario runs and finds the newest job', () => {
    expect(scenarioRunInfo([])).toEqual({ count: 0, lastJobId: null });
    expect(
      scenarioRunInfo([
        { type: 'scenario-run', dataset1: 42, dataset2: 50, fkJob: 9 },
        { type: 'scenario-run', dataset1: 42, dataset2: 51, fkJob: 12 },
        { type: 'scenario-run', dataset1: 42, dataset2: 52, fkJob: null },
      ]),
    ).toEqual({ count: 3, lastJobId: 12 });
  });

  it('proposes name and run id from the run count, default memory and job type without a last job', () => {
    const values = prefill({ scenario, runCount: 0, lastJob: null, templates, configNames: null });
    expect(values.name).toBe('Demo Run 1');
    expect(values.runId).toBe('demo_1');
    expect(values.memory).toBe('4g');
    expect(values.jobType).toBe('2');
    expect(values.files.config).toBe('1');
    expect(values.inputs).toEqual([]);
  });

  it("starts from fresh defaults after a run: nothing of the last job's settings but its job type (spec 1 §9)", () => {
    const values = prefill({ scenario, runCount: 1, lastJob, templates, configNames: null });
    expect(values.name).toBe('Demo Run 2');
    expect(values.runId).toBe('demo_2');
    expect(values.memory).toBe('4g');
    expect(values.programArgs).toBe('');
    expect(values.changesets).toEqual([]);
    expect(values.inputs).toEqual([]);
    expect(values.jobType).toBe('1');
  });

  it("copies the last job's memory, arguments, changesets still there, files still there and template on request", () => {
    const fresh = prefill({ scenario, runCount: 1, lastJob: null, templates, configNames: null });
    const { values, copied } = copyLastRun({ ...fresh, name: 'Mine' }, lastJob, scenario.files, [3, 4]);
    expect(values.name).toBe('Mine');
    expect(values.memory).toBe('2048m');
    expect(values.programArgs).toBe('--config:controller.lastIteration=2');
    expect(values.changesets).toEqual(['3']);
    expect(values.inputs).toEqual(['8']);
    expect(values.files.config).toBe('1');
    expect(values.files.network).toBeNull(); // the last job's network is gone
    expect(values.jobType).toBe('1');
    expect(copied).toEqual(['memory', 'jobType', 'programArgs', 'changesets', 'files']);
    expect(fresh.programArgs).toBe(''); // the given values are left alone
  });

  it('prefers the scenario job type, then the default, then the first template', () => {
    expect(defaultJobType({ attributes: { __jobType: 1 } }, templates, null)).toBe('1');
    expect(defaultJobType({ attributes: { __jobType: 555 } }, templates, null)).toBe('2');
    expect(defaultJobType({ attributes: {} }, { ...templates, defaultJobTemplate: -1 }, null)).toBe('1');
    expect(defaultJobType({ attributes: {} }, { jobTemplates: [], defaultJobTemplate: -1 }, null)).toBeNull();
  });

  it('survives unreadable parameters', () => {
    const fresh = prefill({ scenario, runCount: 1, lastJob, templates, configNames: null });
    const { values, copied } = copyLastRun(fresh, { ...lastJob, parameters: 'not json' }, scenario.files, []);
    expect(values.memory).toBe('4g');
    expect(values.files.config).toBe('1');
    expect(copied).toEqual(['jobType', 'files']);
  });
});

describe('validation (spec 1 §5.2)', () => {
  const valid = prefill({ scenario, runCount: 0, lastJob: null, templates, configNames: null });

  it('accepts the prefilled form', () => {
    expect(validateSchedule(valid)).toEqual({});
    expect(validateSchedule({ ...valid, memory: '4096M' })).toEqual({});
  });

  it('names each problem', () => {
    const errors = validateSchedule({
      ...valid,
      name: ' ',
      runId: '',
      memory: '4 GB',
      jobType: null,
      files: { ...valid.files, config: null, population: null },
    });
    expect(errors).toEqual({ name: 'name', runId: 'runId', memory: 'memory', jobType: 'jobType', 'files.config': 'role', 'files.population': 'role' });
  });

  it('refuses run ids and program arguments that leave the job folder with the messages the server answers', () => {
    const errors = validateSchedule({ ...valid, runId: '../../../x', programArgs: '--output /some/dir --config:network.inputNetworkFile=/etc/passwd' });
    expect(errors).toEqual({
      runId: { message: JOB_PATH_MESSAGES.runId },
      programArgs: { message: `${JOB_PATH_MESSAGES.outputDirectory('--output /some/dir')} ${JOB_PATH_MESSAGES.outsidePath('--config:network.inputNetworkFile=/etc/passwd')}` },
    });
    expect(validateSchedule({ ...valid, runId: 'Berlin_v6.4-1', programArgs: '--config:controller.lastIteration=5' })).toEqual({});
  });

  it('words the problems with the spec texts in English', () => {
    expect(en.schedule.messages.memory).toBe(SCHEDULE_MESSAGES.memory);
    expect(en.schedule.messages.runId).toBe(SCHEDULE_MESSAGES.runId);
    expect(en.schedule.messages.name).toBe(SCHEDULE_MESSAGES.name);
    expect(en.schedule.messages.jobType).toBe(SCHEDULE_MESSAGES.jobType);
    expect(en.schedule.success).toBe(SCHEDULE_MESSAGES.success);
    expect(en.schedule.failure).toBe(`${SCHEDULE_MESSAGES.failure}{{message}}`);
  });
});

describe('the POST /jobs/jobs payload', () => {
  it('carries files by role, changesets, memory with RAM in GB and one CPU core', () => {
    const values = copyLastRun(prefill({ scenario, runCount: 1, lastJob, templates, configNames: null }), lastJob, scenario.files, [3]).values;
    values.files.network = '2';
    const request = scheduleRequest({ ...values, name: ' Demo Run 2 ', memory: '1536m' }, scenario);
    expect(request).toMatchObject({
      type: 'matsim',
      name: 'Demo Run 2',
      group: 7,
      scenarioId: 42,
      memory: '1536m',
      programArgs: '--config:controller.lastIteration=2',
      resourceRequirements: { ramInGb: 1.5, cpuCores: 1 },
      matsimRunId: 'demo_2',
      jobTemplate: 1,
      changesets: [{ id: 3 }],
    });
    expect(request.files).toContainEqual({ file: 1, name: 'config.xml', role: 'config' });
    expect(request.files).toContainEqual({ file: 8, name: 'notes.txt', role: 'input' });
    expect(request.files.filter((entry) => entry.role === 'network')).toEqual([{ file: 2, name: 'network.xml.gz', role: 'network' }]);
  });
});

describe('files from the config (issue 24)', () => {
  const config = parseConfigText(`<?xml version="1.0" ?>
<!DOCTYPE config SYSTEM "http://www.matsim.org/files/dtd/config_v2.dtd">
<config>
  <module name="network"><param name="inputNetworkFile" value="network.xml" /></module>
  <module name="plans"><param name="inputPlansFile" value="input/plans6000.xml.gz" /></module>
  <module name="transit">
    <param name="useTransit" value="true" />
    <param name="transitScheduleFile" value="schedule.xml" />
    <param name="vehiclesFile" value="ptVehicles.xml" />
  </module>
  <module name="vehicles"><param name="vehiclesFile" value="null" /></module>
  <module name="counts"><param name="inputCountsFile" value="../counts100.xml" /><param name="countsScaleFactor" value="1.0" /></module>
  <module name="controller"><param name="outputDirectory" value="./output" /><param name="lastIteration" value="10" /></module>
</config>`);
  const twoRoutes = [
    file(1, 'config.xml', 'config_v2'),
    file(2, 'network.xml', 'network_v2'),
    file(3, 'plans100.xml', 'population_v6'),
    file(4, 'plans6000.xml', 'population_v6'),
    file(5, 'schedule.xml', 'transitSchedule_v2'),
    file(6, 'ptVehicles.xml', 'vehicleDefinitions_v2'),
    file(7, 'cars.xml', 'vehicleDefinitions_v2'),
    file(8, 'counts100.xml', 'counts_v1'),
    file(9, 'notes.txt', null),
    file(10, 'picture.png', 'image_png'),
  ];

  it('reads the role params and the other file params of a config', () => {
    const names = configFileNames(config);
    expect(names.roles).toEqual({ network: 'network.xml', population: 'input/plans6000.xml.gz', transitschedule: 'schedule.xml', transitvehicles: 'ptVehicles.xml' });
    expect(names.params.population).toBe('plans.inputPlansFile');
    expect(names.others).toEqual(['../counts100.xml']);
  });

  it('preselects each role with the file the config names, by name without path and .gz', () => {
    expect(sameFileName('plans6000.xml', 'input/plans6000.xml.gz')).toBe(true);
    expect(sameFileName('plans100.xml', 'plans6000.xml')).toBe(false);
    const names = configFileNames(config);
    const { files, inputs } = filesFromConfig({ files: { ...preselectFiles(twoRoutes), config: '1' } }, twoRoutes, names);
    expect(files).toEqual({
      config: '1',
      network: '2',
      population: '4', // not plans100.xml, the first by name
      facilities: null,
      transitschedule: '5',
      transitvehicles: '6', // named by transit.vehiclesFile although the name does not say "transit"
      vehicles: null, // the config reads no vehicles file: none is added
      jar: null,
    });
    expect(inputs).toEqual(['8']); // counts.inputCountsFile
    expect(prefill({ scenario: { ...scenario, files: twoRoutes }, runCount: 0, lastJob: null, templates, configNames: names }).files.population).toBe('4');
  });

  it('falls back to the first fitting file for a required role whose named file is missing', () => {
    const names = { roles: { population: 'plans-gone.xml' }, params: { population: 'plans.inputPlansFile' }, others: [] };
    const { files } = filesFromConfig({ files: { ...preselectFiles(twoRoutes), config: '1' } }, twoRoutes, names);
    expect(files.population).toBe('3');
    expect(files.network).toBe('2');
    expect(files.transitvehicles).toBeNull();
  });

  it('offers only files of the right kind per role', () => {
    expect(roleFileOptions(twoRoutes, 'config').map((option) => option.value)).toEqual(['1']);
    expect(roleFileOptions(twoRoutes, 'population').map((option) => option.value)).toEqual(['3', '4']);
    expect(roleFileOptions(twoRoutes, 'vehicles').map((option) => option.value)).toEqual(['7', '6']);
    // A file chosen before (copied from the last run) stays visible.
    expect(roleFileOptions(twoRoutes, 'config', '9').map((option) => option.value)).toEqual(['1', '9']);
    expect(fileFitsRole(file(0, 'matsim-2025.0.jar', null), 'jar')).toBe(true);
    expect(fileFitsRole(file(0, 'notes.txt', null), 'jar')).toBe(false);
  });
});
