/**
 * Every translation key written as a literal in the web app's code is in the English and the German catalogue
 * (issue 25: raw keys such as `panels.node.position` showed on screen). The sources are read as text: for each file
 * the namespaces it asks `useTranslation` for (a literal or an `…_NS` constant, with its `keyPrefix`), plus the app
 * catalogue; a key must resolve in one of them, itself or as the plural forms `_one`/`_other` of an i18next `count`.
 * `ns:key` and `{ ns: … }` name the namespace themselves. Keys built at run time (`t(\`…${x}\`)`) cannot be checked
 * here; catalogues.test.ts checks that en and de have the same keys.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import i18n, { i18nReady } from './index.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANGUAGES = ['en', 'de'] as const;

// Every feature catalogue registers itself with i18next when its module loads.
const featureCatalogues = import.meta.glob(['../features/**/i18n/*.ts', '!../features/**/i18n/*.test.ts'], { eager: true });

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** `FOO_NS = 'foo'` constants, wherever they are defined. */
function namespaceConstants(files: string[]): Map<string, string> {
  const constants = new Map<string, string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\b([A-Z][A-Z_]*_NS)\s*=\s*'([A-Za-z]+)'/g)) constants.set(match[1]!, match[2]!);
  }
  return constants;
}

interface Use {
  file: string;
  key: string;
  /** Namespaces named by the call itself (`ns:key`, `{ ns }`); else the file's. */
  namespaces: string[];
  prefixes: string[];
}

function keysIn(file: string, constants: Map<string, string>): Use[] {
  const text = readFileSync(file, 'utf8');
  const ns = (token: string): string | undefined => (token.startsWith("'") ? token.slice(1, -1) : constants.get(token));
  let fileNamespaces = new Set<string>(['translation']);
  let prefixes = new Set<string>(['']);
  let bound = false;
  for (const match of text.matchAll(/useTranslation\(\s*('[A-Za-z]+'|[A-Z][A-Z_]*_NS)?\s*(?:,\s*\{\s*keyPrefix:\s*'([\w.]+)'\s*\})?\s*\)/g)) {
    bound = true;
    if (match[1]) fileNamespaces.add(ns(match[1]) ?? `unknown:${match[1]}`);
    if (match[2]) prefixes.add(match[2]);
  }
  for (const match of text.matchAll(/TFunction<\s*('[A-Za-z]+'|typeof [A-Z][A-Z_]*_NS)/g)) {
    bound = true;
    fileNamespaces.add(ns(match[1]!.replace('typeof ', '')) ?? `unknown:${match[1]}`);
  }
  // A translator handed in from elsewhere (a parameter, a hook like useStyleT): any namespace and key prefix.
  if (!bound) {
    fileNamespaces = new Set(everyNamespace());
    prefixes = new Set(['', ...everyPrefix]);
  }
  // The names `t` is bound to: t, and `{ t: tApp }`-style renames.
  const callees = new Set(['t']);
  for (const match of text.matchAll(/\{\s*t:\s*(\w+)\s*\}/g)) callees.add(match[1]!);
  const calls = [...callees].map((name) => name.replace(/[$]/g, '\\$')).join('|');
  const uses: Use[] = [];
  const pattern = new RegExp(`(?<![\\w.])(?:${calls}|i18n\\.t)\\(\\s*'([^'\\n]+)'\\s*(,[^)]*)?`, 'g');
  for (const match of text.matchAll(pattern)) {
    let key = match[1]!;
    let namespaces = [...fileNamespaces];
    const inline = /\bns:\s*('[A-Za-z]+'|[A-Z][A-Z_]*_NS)/.exec(match[2] ?? '');
    if (inline) namespaces = [ns(inline[1]!) ?? `unknown:${inline[1]}`];
    const colon = key.indexOf(':');
    if (colon > 0 && /^[A-Za-z]+$/.test(key.slice(0, colon))) {
      namespaces = [key.slice(0, colon)];
      key = key.slice(colon + 1);
    }
    uses.push({ file: path.relative(SRC, file), key, namespaces, prefixes: [...prefixes] });
  }
  for (const match of text.matchAll(/i18nKey="([^"]+)"/g)) uses.push({ file: path.relative(SRC, file), key: match[1]!, namespaces: [...fileNamespaces], prefixes: [...prefixes] });
  return uses;
}

const everyNamespace = () => Object.keys(i18n.store.data.en ?? {});
const everyPrefix = new Set<string>();

function isText(language: string, namespace: string, key: string): boolean {
  const found = (candidate: string) => typeof i18n.getResource(language, namespace, candidate) === 'string';
  return found(key) || (found(`${key}_one`) && found(`${key}_other`));
}

function resolves(use: Use, language: string): boolean {
  return use.namespaces.some((namespace) => use.prefixes.some((prefix) => isText(language, namespace, prefix ? `${prefix}.${use.key}` : use.key)));
}

describe('translation keys used in code', () => {
  const files = sourceFiles(SRC);
  const constants = namespaceConstants(files);
  let uses: Use[] = [];

  beforeAll(async () => {
    await i18nReady;
    // The app catalogue is loaded lazily in the browser; here both languages are added at once.
    i18n.addResourceBundle('en', 'translation', en, true, true);
    i18n.addResourceBundle('de', 'translation', de, true, true);
    expect(Object.keys(featureCatalogues).length).toBeGreaterThan(5);
    for (const file of files) for (const match of readFileSync(file, 'utf8').matchAll(/keyPrefix:\s*'([\w.]+)'/g)) everyPrefix.add(match[1]!);
    uses = files.flatMap((file) => keysIn(file, constants));
  });

  it('finds the keys of the sources (the scan itself works)', () => {
    expect(uses.length).toBeGreaterThan(1000);
    expect(uses).toContainEqual(expect.objectContaining({ key: 'profile.appearance.language' }));
  });

  it('count one iteration as one (i18next plurals, issue 25: "1 iterations")', () => {
    expect(i18n.t('runs.status.finishedNoDuration', { lng: 'en', count: 1 })).toBe('1 iteration');
    expect(i18n.t('runs.status.finishedNoDuration', { lng: 'en', count: 60 })).toBe('60 iterations');
    expect(i18n.t('runs.status.finished', { lng: 'de', count: 1, duration: '0:42' })).toBe('1 Iteration in 0:42');
  });

  it.each(LANGUAGES)('are all in the %s catalogues', (language) => {
    const missing = uses.filter((use) => !resolves(use, language)).map((use) => `${use.file}: ${use.namespaces.join('|')} ${use.key}`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
