import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hostPathScrubber, INSTALL_ROOT, runnerHostFolders } from './host-paths.ts';

describe('host paths in what users see', () => {
  const scrub = hostPathScrubber('/data/runner/job-12', runnerHostFolders({ workDir: '/data/runner', enginesDir: '/data/engines' }));

  it('shows the job folder as "." and the runner\'s own folders by placeholders', () => {
    expect(scrub('written to /data/runner/job-12/output/run_1.output_events.xml.gz')).toBe('written to ./output/run_1.output_events.xml.gz');
    expect(scrub('cwd /data/runner/job-12.')).toBe('cwd ..');
    expect(scrub('java -cp /data/runner/engines/matsim-2025.0/matsim-2025.0.jar')).toBe('java -cp <runner>/engines/matsim-2025.0/matsim-2025.0.jar');
    expect(scrub("unzip '/data/engines/matsim-2025.0.zip' failed")).toBe("unzip '<engines>/matsim-2025.0.zip' failed");
    expect(scrub(`${process.execPath} ${INSTALL_ROOT}/packages/engine/bin/corridor-engine.mjs`)).toBe('node <corridor>/packages/engine/bin/corridor-engine.mjs');
    expect(scrub(`${homedir()}/.m2/repository`)).toBe('~/.m2/repository');
  });

  it('matches whole folder names only and leaves other paths alone', () => {
    expect(scrub('/data/runner/job-123/output')).toBe('<runner>/job-123/output');
    expect(scrub('/data/runner-2/x')).toBe('/data/runner-2/x');
    expect(scrub('at org.matsim.core.controler.Controler.run(Controler.java:250)')).toBe('at org.matsim.core.controler.Controler.run(Controler.java:250)');
    expect(scrub('spawn /no/such/program ENOENT')).toBe('spawn /no/such/program ENOENT');
    expect(scrub('/srv/data/runner/job-12/x')).toBe('/srv/data/runner/job-12/x');
  });

  it('shows the sandbox\'s job folder /job as "." too, as a whole path only', () => {
    const sandboxed = hostPathScrubber('/data/runner/job-12', [{ path: '/job', shown: '.' }, ...runnerHostFolders({ workDir: '/data/runner' })]);
    expect(sandboxed('Writing /job/output/output_config.xml and /data/runner/job-12/output/x.csv')).toBe('Writing ./output/output_config.xml and ./output/x.csv');
    expect(sandboxed('cd /job; ls "/job"')).toBe('cd .; ls "."');
    for (const other of ['/jobs/1', '/job-2/x', '/srv/job/x', 'http://host/job/1', '/api/v1/job']) expect(sandboxed(other)).toBe(other);
  });
});
