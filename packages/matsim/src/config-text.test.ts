/**
 * `@corridor/matsim/config-text`, imported as the web app imports it: no Node module anywhere in its import graph,
 * and the same configs and bytes as the Node reader and writer.
 */
import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { getParam, parseConfigText, writeConfigText, MatsimFormatError, type Config, type ConfigEntry } from '@corridor/matsim/config-text';
import { allSharedDataFiles, sharedData } from '../test/data.ts';
import { CONFIG_WITH_ENTITIES_VALUES, configWithEntities, REFUSED_ENTITIES, withSubset } from '../test/entities.ts';
import { readConfig, writeConfig } from './config/index.ts';
import { collectText } from './xml/writer.ts';

const CONFIGS = allSharedDataFiles().filter((file) => /config[^/]*\.xml$/.test(file));
const MATSIM_WRITTEN = CONFIGS.filter((file) => /output_config/.test(file));
const BUILTINS = new Set(builtinModules);

/** Every file the module imports, transitively (static, dynamic, `require` and type imports alike), into packages. */
function importGraph(entry: string): { files: string[]; nodeImports: string[] } {
  const seen = new Set<string>();
  const nodeImports: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith('node:') || BUILTINS.has(specifier)) nodeImports.push(`${file} → ${specifier}`);
      else if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else visit(createRequire(file).resolve(specifier));
    }
  };
  visit(entry);
  return { files: [...seen], nodeImports };
}

describe('the config-text subpath', () => {
  test('reaches no Node module, through our files and the packages they use (saxes)', () => {
    const entry = fileURLToPath(import.meta.resolve('@corridor/matsim/config-text'));
    expect(entry).toMatch(/packages\/matsim\/src\/config-text\.ts$/);
    const { files, nodeImports } = importGraph(entry);
    expect(nodeImports).toEqual([]);
    expect(files.some((file) => /node_modules\/saxes\//.test(file))).toBe(true);
    expect(files.some((file) => /src\/io\//.test(file))).toBe(false);
    // Node globals would break in the browser just as imports would.
    for (const file of files.filter((f) => !f.includes('node_modules'))) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/\b(Buffer|process)\./);
    }
  });
});

/** What the editor style promises to drop: empty values, then modules with no param or parameterset left. */
function withoutEmpty(config: Config): Config {
  const keep = (entries: ConfigEntry[]): ConfigEntry[] =>
    entries
      .filter((entry) => entry.kind !== 'param' || entry.value.trim() !== '')
      .map((entry) => (entry.kind === 'parameterset' ? { ...entry, entries: keep(entry.entries) } : entry));
  return {
    ...config,
    modules: config.modules
      .map((module) => ({ ...module, entries: keep(module.entries) }))
      .filter((module) => module.entries.some((entry) => entry.kind !== 'comment')),
  };
}

describe('every config in the shared data (configs/ old and new naming, equil, pt-tutorial, drt-mielec, outputs)', () => {
  test('the list holds both namings and the scenario configs', () => {
    expect(CONFIGS).toEqual(expect.arrayContaining([
      'configs/old-naming/equil_config_2021.xml',
      'configs/new-naming/equil_config_2025.xml',
      'equil/config.xml',
      'pt-tutorial/0.config.xml',
      'drt-mielec/mielec_drt_config.xml',
    ]));
    expect(CONFIGS.filter((file) => file.startsWith('configs/'))).toHaveLength(10);
  });

  test.each(CONFIGS)('%s: parseConfigText = readConfig, writeConfigText = writeConfig in both styles', async (file) => {
    const text = readFileSync(sharedData(file), 'utf8');
    const config = parseConfigText(text);
    const read = await readConfig(sharedData(file));
    expect(config).toEqual(read);
    for (const style of ['matsim', 'editor'] as const) {
      expect(writeConfigText(config, { style })).toBe(await collectText(writeConfig(read, { style })));
    }
  });

  test.each(MATSIM_WRITTEN)('%s: MATSim’s own layout comes back byte for byte', (file) => {
    const text = readFileSync(sharedData(file), 'utf8');
    expect(writeConfigText(parseConfigText(text), { style: 'matsim' })).toBe(text);
  });

  test.each(CONFIGS)('%s: the editor style only drops empty values and empty modules, with 2-space indentation', (file) => {
    const config = parseConfigText(readFileSync(sharedData(file), 'utf8'));
    const editor = writeConfigText(config, { style: 'editor' });
    expect(parseConfigText(editor)).toEqual(withoutEmpty(config));
    expect(editor).not.toMatch(/^\t+</m);
    expect(editor).toMatch(/\n {2}<module name="[^"]+">\n {4}<param /);
  });
});

describe('parseConfigText errors', () => {
  const failure = (xml: string): MatsimFormatError => {
    try {
      parseConfigText(xml);
    } catch (error) {
      expect(error).toBeInstanceOf(MatsimFormatError);
      return error as MatsimFormatError;
    }
    throw new Error('parsed without an error');
  };

  test.each([
    ['a close tag that does not match', '<config>\n  <module name="a">\n    <param name="x" value="1" >\n  </module>\n</config>', 'malformed-xml', 4, 11, /unexpected close tag/],
    ['a broken attribute', '<config>\n  <module name="a" \n    <param/>', 'malformed-xml', 3, 5, /Malformed XML/],
    ['a text cut short', '<config>\n  <module name="a">\n    <param name="x" value="1"/>\n', 'truncated', 4, 1, /ends early: unclosed tag: module/],
    ['an empty text', '', 'malformed-xml', 1, 1, /no XML element/],
    ['a module without a name', '<config><module><param name="a" value="b"/></module></config>', 'invalid-value', 1, 16, /<module> has no name/],
    ['another root', '<plans/>', 'unexpected-root', 1, 8, /root element is <plans>/],
    ['an external entity', '<!DOCTYPE config [<!ENTITY x SYSTEM "file:///etc/passwd">]><config/>', 'forbidden-doctype', 1, expect.any(Number), /external entity .* for safety/],
  ])('%s: code, 1-based line and column, a clear message', (_, xml, code, line, column, message) => {
    const error = failure(xml);
    expect(error).toMatchObject({ code, line, column });
    expect(error.column).toBeGreaterThanOrEqual(1);
    expect(error.reason).toMatch(message);
    expect(error.message).toBe(`${error.reason} (line ${error.line}, column ${error.column})`);
  });
});

describe('configs declaring entities in their DOCTYPE (MATSim tutorials, contrib tests)', () => {
  const params = (config: Config) => ({
    inputNetworkFile: getParam(config, 'network', 'inputNetworkFile'),
    inputPlansFile: getParam(config, 'plans', 'inputPlansFile'),
    outputDirectory: getParam(config, 'controller', 'outputDirectory'),
  });

  test.each(['config_v1', 'config_v2'] as const)('%s: read with the values expanded, as the Node reader reads them', async (dtd) => {
    const text = configWithEntities(dtd);
    const config = parseConfigText(text);
    expect(params(config)).toEqual(CONFIG_WITH_ENTITIES_VALUES);
    expect(await readConfig(new TextEncoder().encode(text))).toEqual(config);
  });

  test('the editor opens, saves and reopens it: the saved text holds the expanded values and no DOCTYPE subset', () => {
    const config = parseConfigText(configWithEntities());
    for (const style of ['editor', 'matsim'] as const) {
      const saved = writeConfigText(config, { style });
      expect(saved).not.toMatch(/ENTITY|&INPUTBASE;/);
      expect(saved).toContain('value="../inputs/plans &amp; more.xml"');
      expect(parseConfigText(saved)).toEqual(config);
    }
  });

  test.each(REFUSED_ENTITIES)('$name stays refused, with the clear error and a position', ({ subset, body, reason }) => {
    try {
      parseConfigText(withSubset('config', 'config_v2', subset, body));
      expect.unreachable('parsed without an error');
    } catch (error) {
      expect(error).toMatchObject({ code: 'forbidden-doctype', line: expect.any(Number), column: expect.any(Number) });
      expect((error as MatsimFormatError).reason).toMatch(reason);
    }
  });
});
