/**
 * SFTP file access (issue 30, spec 3 §2.18): with SFTP_PORT set, users copy files into and out of their teams'
 * scenarios with an SFTP client (here ssh2's client, a real SFTP implementation over a real TCP connection):
 * password or API key sign-in, list, download, upload (stored and tagged as an upload through the API is), and
 * refusals outside the user's teams and for "..". The help page's config info names the port.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CreatedApiKey } from '@corridor/contract';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, uploadOk, type Session } from './workspace-helpers.ts';

const { STATUS_CODE } = ssh2.utils.sftp;

let t: TestApp;
let alice: Session;
let bob: Session;
let aliceKey: string;
let berlinId: number;
const NETWORK = `<?xml version="1.0" encoding="UTF-8"?>
<network><nodes><node id="1" x="0" y="0"/><node id="2" x="100" y="0"/></nodes>
<links><link id="1-2" from="1" to="2" length="100" freespeed="10" capacity="1000" permlanes="1" modes="car"/></links></network>
`;

beforeAll(async () => {
  t = await createTestApp({ env: { SFTP_PORT: '0', SFTP_HOST: 'files.example.org' } });
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  const team = await inject(alice, 'POST', '/accounts/groups', { name: 'lab' });
  const scenario = await createScenario(t.app, alice, { key: 'berlin', groupId: team.id });
  berlinId = scenario.id;
  const [file] = await uploadOk(t.app, alice, [{ name: 'network.xml', content: Buffer.from(NETWORK) }]);
  await attach(t.app, alice, scenario.id, file!.id);
  aliceKey = CreatedApiKey.parse(await inject(alice, 'POST', `/accounts/users/${alice.userId}/apikeys`, { description: 'sftp' })).data.data;
});

afterAll(() => t?.close());

async function inject(session: Session, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `${API}${url}`, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });
  if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** An SFTP session as `username`; closed after `use`. */
async function withSftp<T>(username: string, password: string, use: (sftp: SFTPWrapper) => Promise<T>): Promise<T> {
  const client = new ssh2.Client();
  await new Promise<void>((resolve, reject) => {
    client.once('ready', resolve).once('error', reject);
    client.connect({ host: '127.0.0.1', port: t.app.sftpPort()!, username, password, readyTimeout: 20_000 });
  });
  try {
    const sftp = await new Promise<SFTPWrapper>((resolve, reject) => client.sftp((error, s) => (error ? reject(error) : resolve(s))));
    return await use(sftp);
  } finally {
    client.end();
  }
}

const names = (sftp: SFTPWrapper, dir: string) =>
  new Promise<string[]>((resolve, reject) => sftp.readdir(dir, (error, list) => (error ? reject(error) : resolve(list.map((e) => e.filename).sort()))));
const read = (sftp: SFTPWrapper, file: string) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    sftp.createReadStream(file).on('data', (c: Buffer) => chunks.push(c)).once('error', reject).once('end', () => resolve(Buffer.concat(chunks)));
  });
const write = (sftp: SFTPWrapper, file: string, content: Buffer) =>
  new Promise<void>((resolve, reject) => {
    const stream = sftp.createWriteStream(file);
    stream.once('error', reject).once('close', () => resolve());
    stream.end(content);
  });
/** The SFTP status code and message a refused call failed with. */
const refusal = (call: Promise<unknown>) => call.then(() => undefined, (error: { code?: number; message: string }) => ({ code: error.code, message: error.message }));

describe('SFTP file access', () => {
  it('lists the teams, their scenarios and files, and downloads a file byte for byte', async () => {
    await withSftp('alice', 'password-1', async (sftp) => {
      expect(await names(sftp, '/')).toEqual(['alice', 'lab']);
      expect(await names(sftp, '/lab')).toEqual(['berlin']);
      expect(await names(sftp, '/lab/berlin')).toEqual(['network.xml']);
      expect((await read(sftp, '/lab/berlin/network.xml')).toString()).toBe(NETWORK);
    });
  });

  it('uploads into a scenario: the file is stored, sniffed and attached as an upload is', async () => {
    const content = Buffer.alloc(3 * 1024 * 1024 + 17, 'a'); // more than one SFTP write, and than one READ
    await withSftp('alice', aliceKey, async (sftp) => {
      await write(sftp, '/lab/berlin/notes.txt', content);
      await write(sftp, '/lab/berlin/network_copy.xml', Buffer.from(NETWORK));
      expect(await names(sftp, '/lab/berlin')).toEqual(['network.xml', 'network_copy.xml', 'notes.txt']);
      expect((await read(sftp, '/lab/berlin/notes.txt')).equals(content)).toBe(true);
      // A name the scenario has is refused, not overwritten.
      expect(await refusal(write(sftp, '/lab/berlin/notes.txt', Buffer.from('x')))).toMatchObject({
        code: STATUS_CODE.PERMISSION_DENIED,
        message: 'The scenario already has a file named notes.txt: remove or rename it in Corridor first.',
      });
    });
    const berlin = await inject(alice, 'GET', `/datasets/datasets/${berlinId}`);
    const files = Object.fromEntries(berlin.files.map((f: { name: string; size: number; tag: string | null }) => [f.name, f]));
    expect(files['notes.txt']).toMatchObject({ size: content.length });
    // Sniffed like the same bytes uploaded over HTTP.
    expect(files['network_copy.xml'].tag).toMatch(/^network_v/);
    expect(files['network_copy.xml'].tag).toBe(files['network.xml'].tag);
  });

  it('refuses what lies outside the user\'s teams, "..", folders and renames', async () => {
    await withSftp('bob', 'password-1', async (sftp) => {
      expect(await names(sftp, '/')).toEqual(['bob']);
      expect(await refusal(names(sftp, '/lab'))).toMatchObject({ code: STATUS_CODE.NO_SUCH_FILE });
      expect(await refusal(read(sftp, '/lab/berlin/network.xml'))).toMatchObject({ code: STATUS_CODE.NO_SUCH_FILE });
      expect(await refusal(write(sftp, '/lab/berlin/evil.xml', Buffer.from('x')))).toMatchObject({ code: STATUS_CODE.NO_SUCH_FILE });
      for (const sneaky of ['/bob/../lab/berlin/network.xml', '../../etc/passwd', '/bob/x/../../lab/berlin/network.xml']) {
        expect(await refusal(read(sftp, sneaky))).toMatchObject({ code: STATUS_CODE.PERMISSION_DENIED, message: expect.stringContaining('".."') });
      }
      expect(await refusal(names(sftp, '/../'))).toMatchObject({ code: STATUS_CODE.PERMISSION_DENIED });
      expect(await refusal(new Promise((resolve, reject) => sftp.mkdir('/bob/new', (e) => (e ? reject(e) : resolve(undefined)))))).toMatchObject({ code: STATUS_CODE.OP_UNSUPPORTED });
      expect(await refusal(write(sftp, '/bob/loose.txt', Buffer.from('x')))).toMatchObject({ code: STATUS_CODE.PERMISSION_DENIED });
    });
    // Nothing bob tried is stored.
    const berlin = await inject(alice, 'GET', `/datasets/datasets/${berlinId}`);
    expect(berlin.files.map((f: { name: string }) => f.name)).not.toContain('evil.xml');
  });

  it('works with OpenSSH\'s scp both ways (answers in order, an exit status at the end)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'corridor-scp-'));
    try {
      const askpass = path.join(dir, 'askpass.sh');
      await writeFile(askpass, '#!/bin/sh\necho password-1\n');
      await chmod(askpass, 0o700);
      const content = Buffer.alloc(2_000_000);
      for (let i = 0; i < content.length; i++) content[i] = (i * 7919) % 251;
      await writeFile(path.join(dir, 'up.bin'), content);
      const scp = (...args: string[]) =>
        promisify(execFile)('scp', ['-P', String(t.app.sftpPort()), '-o', 'StrictHostKeyChecking=no', '-o', `UserKnownHostsFile=${dir}/known_hosts`, '-o', 'PubkeyAuthentication=no', ...args], {
          env: { PATH: process.env.PATH, HOME: dir, SSH_ASKPASS: askpass, SSH_ASKPASS_REQUIRE: 'force', DISPLAY: ':0' },
          timeout: 30_000,
        });
      await scp(path.join(dir, 'up.bin'), 'alice@127.0.0.1:/lab/berlin/via-scp.bin');
      await scp('alice@127.0.0.1:/lab/berlin/via-scp.bin', path.join(dir, 'down.bin'));
      expect((await readFile(path.join(dir, 'down.bin'))).equals(content)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a wrong password and another user\'s API key; the help page shows host and port', async () => {
    expect(await refusal(withSftp('alice', 'wrong-password', async () => undefined))).toMatchObject({ message: expect.stringMatching(/authentication methods failed/) });
    expect(await refusal(withSftp('bob', aliceKey, async () => undefined))).toMatchObject({ message: expect.stringMatching(/authentication methods failed/) });
    expect((await inject(bob, 'GET', '/sysinfo/config')).fileserver.ssh).toEqual({ enabled: true, port: t.app.sftpPort(), host: 'files.example.org' });
  });
});
