import { COMMAND_TEMPLATES, JOB_TEMPLATE_MESSAGES } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { zipBytes } from '../../../packages/contract/test/zip-bytes.ts';
import { addUser, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

async function start(): Promise<{ admin: string; alice: Session }> {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  return { admin, alice: await addUser(t.app, admin, 'alice') };
}

const templates = (cookie: string) => t.app.inject({ url: `${API}/jobs/templates`, headers: { cookie } });
const post = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}/jobs/templates`, headers: { cookie }, payload });
const put = (cookie: string, id: number, payload: object) => t.app.inject({ method: 'PUT', url: `${API}/jobs/templates/${id}`, headers: { cookie }, payload });
const remove = (cookie: string, id: number) => t.app.inject({ method: 'DELETE', url: `${API}/jobs/templates/${id}`, headers: { cookie } });
const setDefault = (cookie: string, id: number, value: boolean) =>
  t.app.inject({ method: 'POST', url: `${API}/jobs/templates/${id}/default`, headers: { cookie }, payload: { default: value } });

const engine = { name: 'Fast engine', description: 'two threads', command: '$ENGINE $CONFIG $ARGS' };

describe('job templates', () => {
  it('ships the three templates with the built-in engine as default', async () => {
    const { alice } = await start();
    const answer = (await templates(alice.cookie)).json();
    expect(answer.jobTemplates.map((j: { name: string; command: string }) => [j.name, j.command])).toEqual(COMMAND_TEMPLATES.map((c) => [c.name, c.command]));
    expect(answer.defaultJobTemplate).toBe(answer.jobTemplates[0].id);
  });

  it('adds, edits and deletes a template (administrators)', async () => {
    const { admin, alice } = await start();
    const [jar] = await uploadOk(t.app, alice, [{ name: 'tools.zip', content: zipBytes([{ name: 'tool.txt', content: 'x' }]) }]);
    const created = await post(admin, { ...engine, files: [{ fkUserFile: jar!.id, extractArchive: true }] });
    expect(created.statusCode).toBe(200);
    const template = created.json();
    expect(template).toEqual({
      id: expect.any(Number),
      name: 'Fast engine',
      description: 'two threads',
      matsimVersion: null,
      toolIntegrations: [],
      allowCustomJar: false,
      command: '$ENGINE $CONFIG $ARGS',
      files: [{ id: 1, name: 'tools.zip', fkUserFile: jar!.id, extractArchive: true, fkJobTemplate: template.id }],
    });
    expect((await templates(alice.cookie)).json().jobTemplates).toContainEqual(template);

    const saved = await put(admin, template.id, {
      name: 'Own MATSim',
      command: '$JAVA -Xmx$Xmx -jar $JAR $CONFIG $ARGS',
      allowCustomJar: true,
      matsimVersion: 'custom',
      toolIntegrations: ['2025.0'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: template.id, name: 'Own MATSim', description: '', allowCustomJar: true, matsimVersion: 'custom', toolIntegrations: ['2025.0'], files: [] });

    expect((await remove(admin, template.id)).json()).toEqual({ ok: true });
    const after = (await templates(admin)).json().jobTemplates.map((j: { id: number }) => j.id);
    expect(after).not.toContain(template.id);
    expect((await remove(admin, template.id)).statusCode).toBe(404);
    expect((await put(admin, template.id, engine)).statusCode).toBe(404);
    expect((await setDefault(admin, template.id, true)).statusCode).toBe(404);
  });

  it('refuses everyone but administrators with 403', async () => {
    const { admin, alice } = await start();
    const id = (await templates(admin)).json().jobTemplates[0].id;
    for (const response of [await post(alice.cookie, engine), await put(alice.cookie, id, engine), await remove(alice.cookie, id), await setDefault(alice.cookie, id, false)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only an administrator can do this.');
    }
    expect((await post('', engine)).statusCode).toBe(401);
    expect((await templates(admin)).json()).toMatchObject({ defaultJobTemplate: id });
  });

  it('checks the name, the command and the files with the spec messages', async () => {
    const { admin } = await start();
    const refused = async (payload: object) => {
      const response = await post(admin, payload);
      expect(response.statusCode).toBe(400);
      return response.json().message as string;
    };
    expect(await refused({ ...engine, name: '  ' })).toContain(JOB_TEMPLATE_MESSAGES.name);
    expect(await refused({ ...engine, command: '' })).toContain(JOB_TEMPLATE_MESSAGES.command);
    expect(await refused({ ...engine, command: '$ENGINE $CONFIG *.xml' })).toBe(JOB_TEMPLATE_MESSAGES.wildcards);
    expect(await refused({ ...engine, command: '$ENGINE $CONFIG input?.xml' })).toBe(JOB_TEMPLATE_MESSAGES.wildcards);
    expect(await refused({ ...engine, command: '$ENGINE $CONFIG $HOME' })).toBe(JOB_TEMPLATE_MESSAGES.unknownPlaceholder('$HOME'));
    expect(await refused({ ...engine, command: '$JAVA -jar $JAR $CONFIG' })).toBe(JOB_TEMPLATE_MESSAGES.jarNotAllowed);
    expect(await refused({ ...engine, files: [{ fkUserFile: 999999 }] })).toBe('The file 999999 of the job template does not exist.');
    // $JAR is fine with a MATSim release or a custom jar.
    expect((await post(admin, { ...engine, command: '$JAVA -cp $JAR org.matsim.run.RunMatsim $CONFIG', matsimVersion: '2025.0' })).statusCode).toBe(200);
    expect((await post(admin, { ...engine, command: '$JAVA -jar $JAR $CONFIG', allowCustomJar: true })).statusCode).toBe(200);
    // The same rules when saving.
    const id = (await templates(admin)).json().jobTemplates[0].id;
    expect((await put(admin, id, { ...engine, command: '$ENGINE $CONFIG [ab].xml' })).json().message).toBe(JOB_TEMPLATE_MESSAGES.wildcards);
  });

  it('keeps exactly one default: setting moves it, clearing or deleting the default leaves none', async () => {
    const { admin, alice } = await start();
    const list = async () => (await templates(alice.cookie)).json();
    const [builtIn, standard, custom] = (await list()).jobTemplates.map((j: { id: number }) => j.id);

    expect((await setDefault(admin, standard, true)).json()).toEqual({ ok: true });
    expect((await list()).defaultJobTemplate).toBe(standard);
    // Clearing a template that is not the default changes nothing.
    await setDefault(admin, builtIn, false);
    expect((await list()).defaultJobTemplate).toBe(standard);
    await setDefault(admin, standard, false);
    expect((await list()).defaultJobTemplate).toBe(-1);

    await setDefault(admin, custom, true);
    await setDefault(admin, custom, true);
    expect((await list()).defaultJobTemplate).toBe(custom);
    await remove(admin, custom);
    expect((await list()).defaultJobTemplate).toBe(-1);
    // Deleting a template that is not the default keeps the default.
    await setDefault(admin, builtIn, true);
    await remove(admin, standard);
    expect(await list()).toMatchObject({ defaultJobTemplate: builtIn, jobTemplates: [{ id: builtIn }] });
  });
});
