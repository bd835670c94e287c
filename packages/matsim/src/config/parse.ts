/**
 * How config XML becomes a `Config`: one SAX handler shared by `readConfig` (files, streamed) and
 * `parseConfigText` (a string, in the browser). No Node imports here.
 */
import { MatsimFormatError } from '../errors.ts';
import { createXmlFeed, expectRoot, type XmlAttributes, type XmlHandler } from '../xml/feed.ts';
import type { Config, ConfigEntry, ConfigModule } from './model.ts';

type Open = { element: 'config' } | { element: 'module' | 'parameterset'; entries: ConfigEntry[] } | { element: 'param' };

function required(attributes: XmlAttributes, name: string, element: string): string {
  const value = attributes[name];
  if (value === undefined) throw new MatsimFormatError('invalid-value', `A <${element}> has no ${name} attribute.`);
  return value;
}

/** A handler that collects a config, and the config once the document has ended. */
export function configHandler(): { handler: XmlHandler; result: () => Config } {
  const modules: ConfigModule[] = [];
  const stack: Open[] = [];
  let pendingComments: string[] = [];

  const handler: XmlHandler = {
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
  };
  const result = (): Config => {
    const config: Config = { modules };
    if (pendingComments.length) config.commentsAfter = pendingComments;
    return config;
  };
  return { handler, result };
}

/**
 * Parses config XML held in a string, synchronously, with the same result as `readConfig`. Malformed XML throws a
 * `MatsimFormatError` with the 1-based `line` and `column` of the problem.
 */
export function parseConfigText(xml: string): Config {
  const { handler, result } = configHandler();
  const feed = createXmlFeed(handler);
  try {
    feed.write(xml);
    feed.close();
  } catch (error) {
    // Every error points somewhere an editor can show: 1-based, also for an empty or truncated text (saxes' column
    // is 0 at the start of a line).
    if (!(error instanceof MatsimFormatError)) throw error;
    throw new MatsimFormatError(error.code, error.reason, error.line ?? feed.parser.line, Math.max(1, error.column ?? feed.parser.column));
  }
  return result();
}
