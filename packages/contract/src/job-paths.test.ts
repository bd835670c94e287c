import { describe, expect, it } from 'vitest';
import { FILE_PARAM_NAME, JOB_PATH_MESSAGES as M, jobPathsProblem, matsimRunIdProblem, programArgsProblems } from './job-paths.ts';

describe('MATSim run ids', () => {
  it.each(['demo_1', 'Berlin-v6.4_10pct', '0', '_x', 'a'.repeat(200)])('accepts %s', (id) => {
    expect(matsimRunIdProblem(id)).toBeNull();
  });

  it.each(['../../../x', '.hidden', 'a/b', 'a\\b', 'run 1', '', 'x\0', '~root', 'a'.repeat(201), 'ü'])('refuses %j', (id) => {
    expect(matsimRunIdProblem(id)).toBe(M.runId);
  });
});

describe('program arguments', () => {
  it.each([
    '',
    '--config:controller.lastIteration=10',
    '--config:controller.overwriteFiles=deleteDirectoryIfExists',
    '--config:network.inputNetworkFile=other-network.xml.gz',
    '--config:network.inputChangeEventsFile input/changes.xml',
    '--config:global.coordinateSystem=EPSG:25832',
    '--config:drt.drt[mode=drt].vehiclesFile=vehicles-10.xml',
    '--forever ; rm -rf . $(whoami)',
  ])('accepts %j', (args) => {
    expect(programArgsProblems(args)).toEqual([]);
  });

  it.each([
    ['--output /some/dir', [M.outputDirectory('--output /some/dir')]],
    ['--output=out2', [M.outputDirectory('--output=out2')]],
    [
      '--output /some/dir --config:controller.overwriteFiles=deleteDirectoryIfExists',
      [M.outputDirectory('--output /some/dir')],
    ],
    ['--config:controller.outputDirectory=/elsewhere', [M.outputDirectory('--config:controller.outputDirectory=/elsewhere')]],
    ['--config:controler.outputDirectory ./inside', [M.outputDirectory('--config:controler.outputDirectory ./inside')]],
    ['--config:controller.runId=../../../x', [M.runIdOverride('--config:controller.runId=../../../x')]],
    ['--config:network.inputNetworkFile=/some/file.xml', [M.outsidePath('--config:network.inputNetworkFile=/some/file.xml')]],
    ['--config:network.inputChangeEventsFile ../../x.xml', [M.outsidePath('--config:network.inputChangeEventsFile ../../x.xml')]],
    ['--config:counts.inputCountsFile=file:///etc/passwd', [M.outsidePath('--config:counts.inputCountsFile=file:///etc/passwd')]],
    ['--config:plans.inputPlansFile=https://example.org/p.xml', [M.outsidePath('--config:plans.inputPlansFile=https://example.org/p.xml')]],
    ['--config:drt.drt[mode=drt].vehiclesFile=~/v.xml', [M.outsidePath('--config:drt.drt[mode=drt].vehiclesFile=~/v.xml')]],
    ['--config:households.inputFile=C:\\data\\h.xml', [M.outsidePath('--config:households.inputFile=C:\\data\\h.xml')]],
    ['--config:global.anything=/etc/shadow', [M.outsidePath('--config:global.anything=/etc/shadow')]],
    ['rm -rf /', [M.outsidePath('/')]],
    ['--events=../../other-job/output', [M.outsidePath('--events=../../other-job/output')]],
    ['--input=jar:file:/x.jar!/a', [M.outsidePath('--input=jar:file:/x.jar!/a')]],
    [
      '--config:controller.outputDirectory=/a --config:network.inputNetworkFile=/b.xml',
      [M.outputDirectory('--config:controller.outputDirectory=/a'), M.outsidePath('--config:network.inputNetworkFile=/b.xml')],
    ],
  ])('refuses %j', (args, problems) => {
    expect(programArgsProblems(args)).toEqual(problems);
  });

  it('joins the run id and argument problems into one message, null when all is well', () => {
    expect(jobPathsProblem({ programArgs: '--config:controller.lastIteration=2', matsimRunId: 'demo_1' })).toBeNull();
    expect(jobPathsProblem({ programArgs: '--output /x', matsimRunId: '../x' })).toBe(`${M.runId} ${M.outputDirectory('--output /x')}`);
  });
});

describe('file params', () => {
  it("names MATSim's file and folder params, not its other params", () => {
    const files = ['inputNetworkFile', 'inputChangeEventsFile', 'laneDefinitionsFile', 'inputCountsFile', 'inputFile', 'vehiclesFile', 'transitScheduleFile', 'drtServiceAreaShapeFile', 'transitStopFile', 'outputDirectory', 'executionPath', 'ExternalExeTmpFileRootDir'];
    const others = ['overwriteFiles', 'lastIteration', 'inputCRS', 'eventsFileFormat', 'PathSizeLogitBeta', 'runId'];
    expect(files.filter((name) => !FILE_PARAM_NAME.test(name))).toEqual([]);
    expect(others.filter((name) => FILE_PARAM_NAME.test(name))).toEqual([]);
  });
});
