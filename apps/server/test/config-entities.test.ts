/**
 * Configs whose DOCTYPE declares entities (MATSim tutorials, contrib test configs): tagged, shown and saved like any
 * config, while external entities stay refused.
 */
import { parseConfigText, writeConfigText } from '@corridor/matsim/config-text';
import { afterEach, describe, expect, it } from 'vitest';
import { configWithEntities, REFUSED_ENTITIES, withSubset } from '../../../packages/matsim/test/entities.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

async function start(): Promise<Session> {
  t = await createTestApp();
  return addUser(t.app, await setupAdmin(t.app), 'alice');
}

const get = (session: Session, fileId: number) => t.app.inject({ url: `${API}/datasets/files/${fileId}`, headers: { cookie: session.cookie } });
const save = (session: Session, fileId: number, xml: string) =>
  t.app.inject({
    method: 'PUT',
    url: `${API}/datasets/files/${fileId}`,
    headers: { cookie: session.cookie, 'content-type': 'text/xml', 'if-match': '*' },
    payload: xml,
  });
const tagOf = async (fileId: number) => (await t.database.db.query.files.findFirst({ where: (f, { eq }) => eq(f.id, fileId) }))?.tag;

describe('a config declaring entities in its DOCTYPE', () => {
  it('is tagged config_v2 (or v1), reads as text unchanged, and saves from the editor with the values expanded', async () => {
    const alice = await start();
    const original = configWithEntities();
    const [config, v1] = await uploadOk(t.app, alice, [
      { name: 'config.xml', content: original },
      { name: 'config_v1.xml', content: configWithEntities('config_v1') },
    ]);
    expect(config!.tag).toBe('config_v2');
    expect(v1!.tag).toBe('config_v1');

    const shown = await get(alice, config!.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toBe(original);

    // What the editor sends after opening it: its own text of the parsed config.
    const edited = writeConfigText(parseConfigText(shown.body), { style: 'editor' }).replace('value="0"', 'value="3"');
    const saved = await save(alice, config!.id, edited);
    expect(saved.statusCode).toBe(200);
    expect((await get(alice, config!.id)).body).toBe(edited);
    expect(edited).toContain('value="../inputs/network.xml"');
    expect(await tagOf(config!.id)).toBe('config_v2');

    // Text with entities typed into the XML view saves too.
    expect((await save(alice, config!.id, original)).statusCode).toBe(200);
    expect(await tagOf(config!.id)).toBe('config_v2');
  });

  it('with an external entity gets no tag, and such a text is not saved', async () => {
    const alice = await start();
    const external = REFUSED_ENTITIES.find((refused) => refused.name.includes('SYSTEM'))!;
    const xml = withSubset('config', 'config_v2', external.subset, '<module name="a"><param name="p" value="&x;" /></module>');
    const [file] = await uploadOk(t.app, alice, [{ name: 'config.xml', content: xml }]);
    expect(file!.tag).toBeNull();

    const [config] = await uploadOk(t.app, alice, [{ name: 'good.xml', content: configWithEntities() }]);
    const refused = await save(alice, config!.id, xml);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^The configuration could not be read: The DOCTYPE declares "x" as an external entity .*for safety/);
  });
});
