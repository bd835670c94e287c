/** Reads config_v2 (and config_v1, the same syntax without parametersets) through the safe streaming SAX layer. */
import type { Input } from '../io/input.ts';
import { readXml, type ReadXmlOptions } from '../xml/sax.ts';
import type { Config } from './model.ts';
import { configHandler } from './parse.ts';

export async function readConfig(input: Input, options?: ReadXmlOptions): Promise<Config> {
  const { handler, result } = configHandler();
  await readXml(input, handler, options);
  return result();
}
