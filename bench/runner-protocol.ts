// A finished run on a real server without a runner process: the benchmark plays the runner through the runner
// protocol (register, connect, claim, started, outputs, finish) on a scenario made from the demo-grid template, so
// the server post-processes whatever output files it is given. Used by `visualizer` and `visualizer-fps`.
import { openAsBlob } from 'node:fs';

const API = '/api/v1';
const RESOURCES = { cpuCores: 1, ramInGb: 1 };

export type Call = (method: string, path: string, body?: unknown, extra?: Record<string, string>) => Promise<Response>;

/** An API client signed in as a fresh administrator: `call` throws on any answer that is not ok. */
export async function signedInClient(baseUrl: string, username: string, password: string): Promise<{ call: Call; json: <T>(...args: Parameters<Call>) => Promise<T> }> {
  let cookie = '';
  const call: Call = async (method, path, body, extra = {}) => {
    const raw = body instanceof Blob;
    const res = await fetch(`${baseUrl}${API}${path}`, {
      method,
      headers: { cookie, ...extra, ...(body === undefined ? {} : { 'content-type': raw ? 'application/octet-stream' : 'application/json' }) },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const json = async <T>(...args: Parameters<Call>) => (await (await call(...args)).json()) as T;
  await json('POST', '/accounts/setup', { username, password });
  const login = await call('POST', '/accounts/login', { username, password });
  cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  return { call, json };
}

export interface PlayedRunner {
  groupId: number;
  /**
   * Schedules a job on the demo scenario, claims it and uploads `outputs` ([output name, local file]); answers its
   * run (dataset) id and `finish`, which reports it FINISHED (the server's post-processing starts then).
   */
  upload(name: string, outputs: [string, string][]): Promise<{ runId: number; finish: () => Promise<void> }>;
}

/** The signed-in user's group, a demo-grid scenario in it and a registered runner played by this process. */
export async function playRunner(client: Awaited<ReturnType<typeof signedInClient>>, username: string): Promise<PlayedRunner> {
  const { call, json } = client;
  const { id: groupId } = await json<{ id: number }>('GET', `/accounts/groups/find?name=${encodeURIComponent(username)}`);
  const { id: scenarioId } = await json<{ id: number }>('POST', '/datasets/datasets', { groupId, key: 'demo', name: 'Demo', type: 'scenario', template: 'demo-grid' });
  const { files } = await json<{ files: { id: number; name: string; tag: string | null }[] }>('GET', `/datasets/datasets/${scenarioId}`);
  const role = (r: string) => {
    const file = files.find((f) => f.tag?.startsWith(`${r}_v`))!;
    return { file: file.id, name: file.name, role: r };
  };
  const { token } = await json<{ token: string }>('POST', '/jobs/runners', { description: 'bench', ipv4range: '127.0.0.1/32', ipv6range: '::1/128' });
  const runner = { authorization: `Bearer ${token}` } as Record<string, string>;
  let n = 0;
  return {
    groupId,
    async upload(name, outputs) {
      n++;
      // Connected anew for each run: the server forgets a runner that has not been heard from for a while.
      const welcome = await json<{ runnerId: string }>('POST', '/jobs/runner/connect', { name: 'bench', capabilities: ['engine'], totalResources: RESOURCES, availableResources: RESOURCES, jobs: [] }, { authorization: runner.authorization! });
      runner['x-runner-id'] = welcome.runnerId;
      const { id: jobId, datasetId: runId } = await json<{ id: number; datasetId: number }>('POST', '/jobs/jobs', {
        type: 'matsim',
        name,
        group: groupId,
        files: ['config', 'network', 'population'].map(role),
        scenarioId,
        description: '',
        changesets: [],
        memory: '1g',
        programArgs: '',
        matsimRunId: `run${n}`,
        resourceRequirements: RESOURCES,
      });
      await json('POST', '/jobs/runner/claim', { claimId: `claim-${n}-${Date.now()}`, availableResources: RESOURCES }, runner);
      await call('POST', `/jobs/runner/jobs/${jobId}/started`, undefined, runner);
      for (const [path, file] of outputs) await call('POST', `/jobs/runner/jobs/${jobId}/outputs?path=${path}`, await openAsBlob(file), runner);
      const finish = async () => void (await call('POST', `/jobs/runner/jobs/${jobId}/finish`, { status: 'FINISHED', exitCode: 0 }, runner));
      return { runId, finish };
    },
  };
}
