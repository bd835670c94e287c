/**
 * DOCTYPEs with an internal subset, for the tests of the XML layer and everything reading through it (sniffing,
 * the config reader and editor, the server, the engine): the entity form hand-written MATSim configs use, and the
 * payloads that must stay refused (`forbidden-doctype`). Shared with the server's and the engine's tests.
 */
import { MAX_ENTITIES, MAX_ENTITY_DEPTH, MAX_ENTITY_EXPANSION, MAX_ENTITY_LENGTH } from '../src/xml/doctype.ts';

/** `<!DOCTYPE root SYSTEM "http://www.matsim.org/files/dtd/{dtd}.dtd" [ subset ]>` */
export const doctypeWith = (root: string, dtd: string, subset: string): string =>
  `<!DOCTYPE ${root} SYSTEM "http://www.matsim.org/files/dtd/${dtd}.dtd" [\n${subset}\n]>`;

/**
 * A config in the form of MATSim's tutorials: entities in the DOCTYPE, used in attribute values (one nested in
 * another) and in text. `CONFIG_WITH_ENTITIES_VALUES` holds what the params read as.
 */
export function configWithEntities(dtd: 'config_v1' | 'config_v2' = 'config_v2'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
${doctypeWith(
  'config',
  dtd,
  `  <!ENTITY INPUTBASE "../inputs/">
  <!-- the output folder, shared by two modules -->
  <!ENTITY OUTPUTBASE 'output/evacuation'>
  <!ENTITY NETWORK "&INPUTBASE;network.xml">`,
)}
<config>
  <module name="network">
    <param name="inputNetworkFile" value="&NETWORK;" />
  </module>
  <module name="plans">
    <param name="inputPlansFile" value="&INPUTBASE;plans &amp; more.xml" />
  </module>
  <module name="controller">
    <param name="outputDirectory" value="&OUTPUTBASE;" />
    <param name="lastIteration" value="0" />
  </module>
</config>
`;
}

export const CONFIG_WITH_ENTITIES_VALUES = {
  inputNetworkFile: '../inputs/network.xml',
  inputPlansFile: '../inputs/plans & more.xml',
  outputDirectory: 'output/evacuation',
};

/** The classic "billion laughs": ten levels, each ten references to the one below. */
export const BILLION_LAUGHS = [
  '<!ENTITY lol0 "lol">',
  ...Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`),
].join('');

/** Internal subsets (and their use in `<root>`) that must stay refused, each with the reason its error names. */
export const REFUSED_ENTITIES: readonly { name: string; subset: string; body: string; reason: RegExp }[] = [
  { name: 'an external entity (SYSTEM)', subset: '<!ENTITY x SYSTEM "file:///etc/passwd">', body: '&x;', reason: /external entity/ },
  { name: 'an external entity (PUBLIC)', subset: '<!ENTITY x PUBLIC "-//x" "http://example.org/x">', body: '&x;', reason: /external entity/ },
  { name: 'a parameter entity', subset: '<!ENTITY % x "y">', body: '', reason: /parameter entities/ },
  { name: 'a parameter entity reference', subset: '<!ENTITY % x SYSTEM "http://example.org/x.dtd"> %x;', body: '', reason: /parameter entities/ },
  { name: 'billion laughs', subset: BILLION_LAUGHS, body: '&lol9;', reason: /deeper than|longer than|more than/ },
  {
    name: 'nesting past the depth bound',
    subset: Array.from({ length: MAX_ENTITY_DEPTH + 2 }, (_, i) => `<!ENTITY e${i} "${i === 0 ? 'x' : `&e${i - 1};`}">`).join(''),
    body: `&e${MAX_ENTITY_DEPTH + 1};`,
    reason: /deeper than/,
  },
  {
    name: 'too many entities',
    subset: Array.from({ length: MAX_ENTITIES + 1 }, (_, i) => `<!ENTITY e${i} "v">`).join(''),
    body: '',
    reason: new RegExp(`more than ${MAX_ENTITIES} entities`),
  },
  { name: 'a value too long', subset: `<!ENTITY e "${'x'.repeat(MAX_ENTITY_LENGTH + 1)}">`, body: '&e;', reason: /longer than/ },
  {
    name: 'a value too long once expanded',
    subset: `<!ENTITY a "${'x'.repeat(MAX_ENTITY_LENGTH / 2 + 1)}"><!ENTITY b "&a;&a;">`,
    body: '&b;',
    reason: /expands to more than/,
  },
  {
    name: 'references expanding past the total bound',
    subset: `<!ENTITY e "${'x'.repeat(MAX_ENTITY_LENGTH)}">`,
    body: '&e;'.repeat(MAX_ENTITY_EXPANSION / MAX_ENTITY_LENGTH + 1),
    reason: /expand to more than/,
  },
  { name: 'an entity referring to itself', subset: '<!ENTITY a "&b;"><!ENTITY b "&a;">', body: '&a;', reason: /refers to itself/ },
  { name: 'markup in a value', subset: '<!ENTITY x "<b>bold</b>">', body: '&x;', reason: /not a plain string/ },
  { name: 'markup by a character reference', subset: '<!ENTITY x "&#60;b/>">', body: '&x;', reason: /not a plain string/ },
  { name: 'an element declaration', subset: '<!ELEMENT a ANY>', body: '', reason: /other than entities/ },
  { name: 'an attribute default', subset: '<!ATTLIST a x CDATA "y">', body: '', reason: /other than entities/ },
];

/** A document with root `root` (DOCTYPE with `subset` and SYSTEM id `dtd`), whose content is `body`. */
export const withSubset = (root: string, dtd: string, subset: string, body: string): string =>
  `<?xml version="1.0"?>\n${doctypeWith(root, dtd, subset)}\n<${root}>${body}</${root}>`;
