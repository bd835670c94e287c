/**
 * XML text helpers with no Node dependency (escaping, prolog, DOCTYPE, collecting chunks), so browser code (the
 * config editor, through `@corridor/matsim/config-text`) can use them; `writer.ts` adds the file output.
 */

// MATSim escapes < > " & (attribute values are double-quoted, so ' needs nothing). Tabs and line breaks in
// attribute values are escaped too: an XML reader turns them into spaces, so a round trip would change the value.
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const ESCAPE_ALL = /[&<>"\t\n\r]/g;
const SPECIAL = new Uint8Array(63);
for (const c of Object.keys(ESCAPES)) SPECIAL[c.charCodeAt(0)] = 1;

/**
 * Escapes an attribute value. A character scan instead of a regex test: this runs for every value of millions
 * of events and links.
 */
export function escapeXml(value: string): string {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 63 && SPECIAL[code] === 1) return value.replace(ESCAPE_ALL, (c) => ESCAPES[c]!);
  }
  return value;
}

const TEXT_ESCAPE = /[&<>]/g;

/**
 * Escapes element content. Quotes need no escaping there, and MATSim leaves them as they are (JSON route
 * descriptions, `PersonVehicles` attributes), so written files match MATSim's.
 */
export function escapeXmlText(value: string): string {
  return /[&<>]/.test(value) ? value.replace(TEXT_ESCAPE, (c) => ESCAPES[c]!) : value;
}

/** ` name="value"` pairs for the defined entries, in the given order. */
export function xmlAttributes(pairs: ReadonlyArray<readonly [string, string | number | undefined | null]>): string {
  let out = '';
  for (const [name, value] of pairs) {
    if (value === undefined || value === null) continue;
    out += ` ${name}="${escapeXml(String(value))}"`;
  }
  return out;
}

export const XML_PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** `<!DOCTYPE root SYSTEM "http://www.matsim.org/files/dtd/file">` as MATSim writes it. */
export function matsimDoctype(root: string, dtdFile: string): string {
  return `<!DOCTYPE ${root} SYSTEM "http://www.matsim.org/files/dtd/${dtdFile}">\n`;
}

export type TextChunks = Iterable<string> | AsyncIterable<string>;

/** Collects a writer's output into one string (tests and small files such as configs). */
export async function collectText(chunks: TextChunks): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}
