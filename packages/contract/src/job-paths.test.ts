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

/** A row of arguments refused for one reason that names them whole. */
const outside = (args: string): [string, string[]] => [args, [M.outsidePath(args)]];
const output = (args: string): [string, string[]] => [args, [M.outputDirectory(args)]];

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
    output('--output /some/dir'),
    output('--output=out2'),
    [
      '--output /some/dir --config:controller.overwriteFiles=deleteDirectoryIfExists',
      [M.outputDirectory('--output /some/dir')],
    ],
    output('--config:controller.outputDirectory=/elsewhere'),
    output('--config:controler.outputDirectory ./inside'),
    ['--config:controller.runId=../../../x', [M.runIdOverride('--config:controller.runId=../../../x')]],
    outside('--config:network.inputNetworkFile=/some/file.xml'),
    outside('--config:network.inputChangeEventsFile ../../x.xml'),
    outside('--config:counts.inputCountsFile=file:///etc/passwd'),
    outside('--config:plans.inputPlansFile=https://example.org/p.xml'),
    outside('--config:drt.drt[mode=drt].vehiclesFile=~/v.xml'),
    outside('--config:households.inputFile=C:\\data\\h.xml'),
    outside('--config:global.anything=/etc/shadow'),
    ['rm -rf /', [M.outsidePath('/')]],
    outside('--events=../../other-job/output'),
    outside('--input=jar:file:/x.jar!/a'),
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
