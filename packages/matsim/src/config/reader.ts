/** Reads config_v2 (and config_v1, the same syntax without parametersets) through the safe streaming SAX layer. */
import { MatsimFormatError } from '../errors.ts';
import type { Input } from '../io/input.ts';
import { expectRoot, readXml, type XmlAttributes } from '../xml/sax.ts';
import type { Config, ConfigEntry, ConfigModule } from './model.ts';

type Open = { element: 'config' } | { element: 'module' | 'parameterset'; entries: ConfigEntry[] } | { element: 'param' };

function required(attributes: XmlAttributes, name: string, element: string): string {
  const value = attributes[name];
  if (value === undefined) throw new MatsimFormatError('invalid-value', `A <${element}> has no ${name} attribute.`);
  return value;
}

export async function readConfig(input: Input): Promise<Config> {
  const modules: ConfigModule[] = [];
  const stack: Open[] = [];
  let pendingComments: string[] = [];

  await readXml(input, {
    open(name, attributes) {
      const parent = stack[stack.length - 1];
      if (!parent) {
        expectRoot(name, ['config'], 'MATSim config');
        stack.push({ element: 'config' });
        return;
      }
      if (parent.element === 'config' && name === 'module') {
        const module: ConfigModule = { name: required(attributes, 'name', 'module'), entries: [] };
        if (pendingComments.length) module.commentsBefore = pendingComments;
        pendingComments = [];
        modules.push(module);
        stack.push({ element: 'module', entries: module.entries });
        return;
      }
      if ((parent.element === 'module' || parent.element === 'parameterset') && name === 'param') {
        parent.entries.push({
          kind: 'param',
          name: required(attributes, 'name', 'param'),
          value: required(attributes, 'value', 'param'),
        });
        stack.push({ element: 'param' });
        return;
      }
      if ((parent.element === 'module' || parent.element === 'parameterset') && name === 'parameterset') {
        const set: ConfigEntry = { kind: 'parameterset', type: required(attributes, 'type', 'parameterset'), entries: [] };
        parent.entries.push(set);
        stack.push({ element: 'parameterset', entries: set.entries });
        return;
      }
      throw new MatsimFormatError('invalid-value', `A <${name}> element cannot be inside <${parent.element}> in a config.`);
    },
    close() {
      stack.pop();
    },
    comment(text) {
      const parent = stack[stack.length - 1];
      // MATSim writes `<!-- text -->`: one space of padding on each side belongs to the markup, not the text.
      const trimmed = text.replace(/^ /, '').replace(/ $/, '');
      if (parent && (parent.element === 'module' || parent.element === 'parameterset')) {
        parent.entries.push({ kind: 'comment', text: trimmed });
      } else if (parent?.element !== 'param') {
        pendingComments.push(trimmed);
      }
    },
  });

  const config: Config = { modules };
  if (pendingComments.length) config.commentsAfter = pendingComments;
  return config;
}
