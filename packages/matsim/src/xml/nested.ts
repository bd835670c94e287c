/**
 * The skeleton of readers for nested MATSim documents (schedules, vehicles): the root check, an element stack,
 * and `<attributes>` blocks handed to the object of the element that encloses them. Each reader supplies only
 * what its elements mean.
 */
import { AttributesCollector, type Attributes } from '../common/attributes.ts';
import { expectRoot, type XmlAttributes, type XmlHandler } from './sax.ts';

export interface NestedReader {
  /** Allowed root element names and the format's name for the error message. */
  root: readonly string[];
  format: string;
  /** The object that owns an attributes block closing inside `parent` (the innermost open element), if any. */
  owner(parent: string | undefined): { attributes?: Attributes } | undefined;
  open(name: string, attrs: XmlAttributes): void;
  /** Character data outside attributes blocks. */
  text?(chunk: string): void;
  /** Called once the element is off the stack; `parent` is the element that is now innermost. */
  close(name: string, parent: string | undefined): void;
}

export function nestedHandler(reader: NestedReader): XmlHandler {
  const attributes = new AttributesCollector();
  const stack: string[] = [];
  return {
    open(name, attrs) {
      if (stack.length === 0) expectRoot(name, reader.root, reader.format);
      if (attributes.open(name, attrs)) {
        if (name === 'attributes') stack.push(name);
        return;
      }
      reader.open(name, attrs);
      stack.push(name);
    },
    text(chunk) {
      if (attributes.active) attributes.onText(chunk);
      else reader.text?.(chunk);
    },
    close(name) {
      if (attributes.active) {
        const done = attributes.close(name);
        if (!done) return;
        stack.pop();
        const target = reader.owner(stack.at(-1));
        if (target && done.size > 0) target.attributes = done;
        return;
      }
      stack.pop();
      reader.close(name, stack.at(-1));
    },
  };
}
