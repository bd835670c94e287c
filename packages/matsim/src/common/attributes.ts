/**
 * MATSim's `<attributes><attribute name="k" class="java.lang.Double">1.5</attribute></attributes>` block, shared by
 * networks, populations, schedules, vehicles, facilities and more. Values keep their Java class and their text
 * exactly as read, so a read → write round trip never reformats an attribute; `attributeValue` gives the typed
 * value when a caller needs it.
 */
import { escapeXml, escapeXmlText } from '../xml/writer.ts';

export interface AttributeValue {
  /** The Java class, e.g. `java.lang.String`, `java.lang.Double`, or a custom class name. */
  class: string;
  /** The element text as written in the file. */
  text: string;
}

/** Insertion-ordered, as in the file. */
export type Attributes = Map<string, AttributeValue>;

export const JAVA_STRING = 'java.lang.String';
export const JAVA_DOUBLE = 'java.lang.Double';
export const JAVA_INTEGER = 'java.lang.Integer';
export const JAVA_LONG = 'java.lang.Long';
export const JAVA_BOOLEAN = 'java.lang.Boolean';

/** The typed value: numbers for the numeric Java classes, booleans for Boolean, else the text. */
export function attributeValue(value: AttributeValue): string | number | boolean {
  switch (value.class) {
    case JAVA_DOUBLE:
    case JAVA_INTEGER:
    case JAVA_LONG:
    case 'java.lang.Float':
    case 'java.lang.Short':
      return Number(value.text);
    case JAVA_BOOLEAN:
      return value.text.trim() === 'true';
    default:
      return value.text;
  }
}

/**
 * Collects one `<attributes>` block inside a SAX reader: call `open`/`text`/`close` from the reader's handler
 * while `active`; `take()` returns the finished map.
 */
export class AttributesCollector {
  private current: Attributes | null = null;
  private name: string | null = null;
  private cls = JAVA_STRING;
  private text = '';

  get active(): boolean {
    return this.current !== null;
  }

  /** Returns true when the element belonged to an attributes block. */
  open(element: string, attrs: Record<string, string>): boolean {
    if (element === 'attributes') {
      this.current = new Map();
      return true;
    }
    if (element === 'attribute' && this.current) {
      this.name = attrs.name ?? '';
      this.cls = attrs.class ?? JAVA_STRING;
      this.text = '';
      return true;
    }
    return false;
  }

  onText(text: string): void {
    if (this.name !== null) this.text += text;
  }

  /** Returns the finished block when `</attributes>` closes, else undefined. */
  close(element: string): Attributes | undefined {
    if (element === 'attribute' && this.current && this.name !== null) {
      this.current.set(this.name, { class: this.cls, text: this.text });
      this.name = null;
      return undefined;
    }
    if (element === 'attributes' && this.current) {
      const done = this.current;
      this.current = null;
      return done;
    }
    return undefined;
  }
}

/** The `<attributes>` block at the given indentation, or '' when there are none. */
export function writeAttributes(attributes: Attributes | undefined, indent: string): string {
  if (!attributes || attributes.size === 0) return '';
  let out = `${indent}<attributes>\n`;
  for (const [name, value] of attributes) {
    out += `${indent}\t<attribute name="${escapeXml(name)}" class="${escapeXml(value.class)}">${escapeXmlText(value.text)}</attribute>\n`;
  }
  return `${out}${indent}</attributes>\n`;
}
