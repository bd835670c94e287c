/** Helpers for the scenario workspace tests: users with sessions, scenarios, multipart uploads. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app.ts';
import { API, sessionCookieOf } from './harness.ts';

export const SHARED_DATA = path.resolve(import.meta.dirname, '../../../../shared/data');

export interface Session {
  cookie: string;
  userId: number;
  groupId: number;
  username: string;
}

/** Creates a user through the admin API and signs them in. */
export async function addUser(app: App, adminCookie: string, username: string): Promise<Session> {
  const created = await app.inject({
    method: 'POST',
    url: `${API}/accounts/users`,
    headers: { cookie: adminCookie },
    payload: { username, password: 'password-1' },
  });
  if (created.statusCode !== 200) throw new Error(`user ${username}: ${created.statusCode} ${created.body}`);
  return signIn(app, username, 'password-1');
}

export async function signIn(app: App, username: string, password: string): Promise<Session> {
  const login = await app.inject({ method: 'POST', url: `${API}/accounts/login`, payload: { username, password } });
  if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.statusCode} ${login.body}`);
  const user = login.json();
  return { cookie: sessionCookieOf(login), userId: user.userId, groupId: user.groupId, username };
}

export async function createScenario(
  app: App,
  session: Session,
  fields: { key?: string; name?: string; groupId?: number; template?: string; attributes?: Record<string, unknown> } = {},
): Promise<{ id: number; key: string }> {
  const response = await app.inject({
    method: 'POST',
    url: `${API}/datasets/datasets`,
    headers: { cookie: session.cookie },
    payload: {
      groupId: fields.groupId ?? session.groupId,
      key: fields.key ?? 'new-scenario',
      name: fields.name ?? 'New Scenario',
      description: '',
      type: 'scenario',
      template: fields.template ?? 'empty',
      attributes: fields.attributes ?? {},
    },
  });
  if (response.statusCode !== 200) throw new Error(`create scenario: ${response.statusCode} ${response.body}`);
  return response.json();
}

export interface UploadFile {
  name: string;
  content: Buffer | string;
}

/** A multipart/form-data body with every file in the field `files[]`. */
export function multipart(files: UploadFile[], field = 'files[]'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----corridor${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(app: App, session: Session, files: UploadFile[]): Promise<LightMyRequestResponse> {
  const body = multipart(files);
  return app.inject({ method: 'POST', url: `${API}/datasets/files`, headers: { cookie: session.cookie, ...body.headers }, payload: body.payload });
}

/** Uploads and answers the file ids, failing the test on any error. */
export async function uploadOk(app: App, session: Session, files: UploadFile[]): Promise<{ id: number; name: string; tag: string | null }[]> {
  const response = await upload(app, session, files);
  if (response.statusCode !== 200) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json().files;
}

export async function attach(app: App, session: Session, datasetId: number, fileId: number): Promise<void> {
  const response = await app.inject({ method: 'POST', url: `${API}/datasets/datasets/${datasetId}/files/${fileId}`, headers: { cookie: session.cookie } });
  if (response.statusCode !== 200) throw new Error(`attach: ${response.statusCode} ${response.body}`);
}

/** Every file below a folder (relative paths), for checking that nothing was left behind. */
export async function filesBelow(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string) => {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(dir, full));
    }
  };
  await walk(dir);
  return out.sort();
}

/** Polls the dataset until its network job reaches FINISHED or FAILED. */
export function networkJob(app: App, session: Session, datasetId: number): Promise<Record<string, unknown>> {
  return finishedStep(app, session, datasetId, 'networkPostProcessingJob');
}

/** The run's post-processing (standard output tables imported) once it has ended. */
export function runPostProcessing(app: App, session: Session, runId: number): Promise<Record<string, unknown>> {
  return finishedStep(app, session, runId, 'postProcessRun');
}

async function finishedStep(app: App, session: Session, datasetId: number, attribute: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i++) {
    const dataset = (await app.inject({ url: `${API}/datasets/datasets/${datasetId}`, headers: { cookie: session.cookie } })).json();
    const job = dataset.attributes?.[attribute];
    if (job && (job.status === 'FINISHED' || job.status === 'FAILED')) return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${attribute} did not finish`);
}
