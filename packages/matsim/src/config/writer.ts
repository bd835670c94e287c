/**
 * Writes a config in one of two layouts:
 * - `matsim`: MATSim's own `ConfigWriter` layout (tabs, `<module name="x" >`, a blank line before `</config>`), so a
 *   config MATSim wrote comes back byte for byte;
 * - `editor`: what the config editor saves: 2-space indentation, params with an empty value left out (MATSim then
 *   uses its default), and modules left with no params or parametersets left out.
 */
import { escapeXml, matsimDoctype, XML_PROLOG } from '../xml/markup.ts';
import type { Config, ConfigEntry } from './model.ts';

export type ConfigStyle = 'matsim' | 'editor';

export interface WriteConfigOptions {
  style?: ConfigStyle;
}

interface Layout {
  indent: (depth: number) => string;
  openSuffix: string;
  keep: (entry: ConfigEntry) => boolean;
  /** Whether a module with these (kept) entries is written at all. */
  keepModule: (entries: ConfigEntry[]) => boolean;
  beforeEnd: string;
}

const LAYOUTS: Record<ConfigStyle, Layout> = {
  matsim: {
    indent: (depth) => '\t'.repeat(depth),
    openSuffix: ' >',
    keep: () => true,
    keepModule: () => true,
    beforeEnd: '\n',
  },
  editor: {
    indent: (depth) => '  '.repeat(depth),
    openSuffix: '>',
    keep: (entry) => entry.kind !== 'param' || entry.value.trim() !== '',
    keepModule: (entries) => entries.some((entry) => entry.kind !== 'comment'),
    beforeEnd: '',
  },
};

/** XML forbids `--` inside a comment; a comment typed in the editor might contain one. */
function commentText(text: string): string {
  let safe = text;
  while (safe.includes('--')) safe = safe.replace('--', '- -');
  return safe;
}

/** The config as text chunks (a `TextChunks` for `writeOutput` or `collectText`). */
export function* writeConfig(config: Config, options: WriteConfigOptions = {}): Generator<string> {
  const layout = LAYOUTS[options.style ?? 'matsim'];
  const comment = (text: string, depth: number) => `${layout.indent(depth)}<!-- ${commentText(text)} -->\n`;

  function* entries(list: readonly ConfigEntry[], depth: number): Generator<string> {
    const pad = layout.indent(depth);
    for (const entry of list) {
      if (!layout.keep(entry)) continue;
      switch (entry.kind) {
        case 'param':
          yield `${pad}<param name="${escapeXml(entry.name)}" value="${escapeXml(entry.value)}" />\n`;
          break;
        case 'parameterset':
          yield `${pad}<parameterset type="${escapeXml(entry.type)}"${layout.openSuffix}\n`;
          yield* entries(entry.entries, depth + 1);
          yield `${pad}</parameterset>\n`;
          break;
        case 'comment':
          yield comment(entry.text, depth);
          break;
      }
    }
  }

  yield XML_PROLOG;
  yield matsimDoctype('config', 'config_v2.dtd');
  yield '<config>\n';
  for (const module of config.modules) {
    const kept = module.entries.filter(layout.keep);
    if (!layout.keepModule(kept)) continue;
    for (const text of module.commentsBefore ?? []) yield comment(text, 1);
    yield `${layout.indent(1)}<module name="${escapeXml(module.name)}"${layout.openSuffix}\n`;
    yield* entries(module.entries, 2);
    yield `${layout.indent(1)}</module>\n`;
  }
  for (const text of config.commentsAfter ?? []) yield comment(text, 1);
  yield `${layout.beforeEnd}</config>\n`;
}

/** `writeConfig` as one string (configs are small): what the browser's config editor shows and saves. */
export function writeConfigText(config: Config, options: WriteConfigOptions = {}): string {
  let out = '';
  for (const chunk of writeConfig(config, options)) out += chunk;
  return out;
}
