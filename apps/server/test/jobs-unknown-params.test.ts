/**
 * Scheduling a run on the built-in engine refuses a config with params MATSim's core modules do not know (MATSim
 * stops at start-up on them, and so does the engine), naming module, param and the nearest known name (issue 24).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { ok, schedule, schedulePayload, scenarioWithInputs } from './runner-client.ts';
import { addUser, attach, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

const templates = async (session: Session) =>
  ok<{ jobTemplates: { id: number; command: string }[] }>(await t.app.inject({ url: `${API}/jobs/templates`, headers: { cookie: session.cookie } }), 'templates');

describe('scheduling a config with an unknown param', () => {
  it('is refused on the built-in engine with module, param and suggestion; a Java MATSim run is left to MATSim', async () => {
    t = await createTestApp();
    const admin = await setupAdmin(t.app);
    const alice = await addUser(t.app, admin, 'alice');
    const inputs = await scenarioWithInputs(t.app, alice);
    const equil = await readFile(path.join(SHARED_DATA, 'equil', 'config.xml'), 'utf8');
    const typo = equil.replace('name="lastIteration"', 'name="lastIteraton"');
    expect(typo).not.toBe(equil);
    const [file] = await uploadOk(t.app, alice, [{ name: 'typo-config.xml', content: Buffer.from(typo) }]);
    await attach(t.app, alice, inputs.scenarioId, file!.id);
    const { jobTemplates } = await templates(alice);
    const engine = jobTemplates.find((tpl) => tpl.command.includes('$ENGINE'))!;
    const java = jobTemplates.find((tpl) => tpl.command.startsWith('$JAVA'))!;
    const withConfig = (extra: Record<string, unknown>) => {
      const payload = schedulePayload(alice, inputs, extra);
      const files = (payload.files as { file: number; name: string; role: string }[]).map((f) => (f.role === 'config' ? { file: file!.id, name: 'typo-config.xml', role: 'config' } : f));
      return { ...payload, files };
    };

    const refused = await schedule(t.app, alice, withConfig({ jobTemplate: engine.id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Unknown parameter lastIteraton in module controller: did you mean lastIteration? MATSim stops at start-up on parameters its modules do not know, and so does the built-in engine: correct or remove it in typo-config.xml.',
    );
    // Nothing was created.
    expect(ok<unknown[]>(await t.app.inject({ url: `${API}/jobs/jobs/list`, headers: { cookie: alice.cookie } }), 'list')).toHaveLength(0);

    // A typo in a --config: program argument counts as well; the good config schedules.
    const argTypo = await schedule(t.app, alice, schedulePayload(alice, inputs, { jobTemplate: engine.id, programArgs: '--config:qsim.flowCapacityFacter=0.5' }));
    expect(argTypo.statusCode).toBe(400);
    expect(argTypo.json().message).toContain('Unknown parameter flowCapacityFacter in module qsim: did you mean flowCapacityFactor?');
    expect((await schedule(t.app, alice, schedulePayload(alice, inputs, { jobTemplate: engine.id }))).statusCode).toBe(200);

    // Standard MATSim checks its own release's params at start-up: the schedule leaves it to MATSim.
    expect((await schedule(t.app, alice, withConfig({ jobTemplate: java.id, matsimRunId: 'java' }))).statusCode).toBe(200);
  });
});
