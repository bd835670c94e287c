/**
 * XML formats: the DOCTYPE's DTD names the format and version; failing that an `xsi:(noNamespace)schemaLocation`
 * naming an XSD; failing that the root element and a look at the elements in the first 64 KiB. The head goes
 * through the same safe SAX layer as every reader (bounded internal entities only, nothing fetched).
 */
import { MatsimFormatError } from '../errors.ts';
import { readXml, type XmlAttributes } from '../xml/sax.ts';
import type { DataTypeTag } from './tags.ts';

/** What the head of an XML file shows: its DOCTYPE, root and the attribute names seen per element name. */
interface XmlHead {
  doctype?: string;
  root?: { name: string; attributes: XmlAttributes };
  elements: Map<string, Set<string>>;
}

const MAX_ELEMENTS = 5000;
const STOP = new Error('enough seen');

async function readXmlHead(head: Uint8Array): Promise<XmlHead> {
  const seen: XmlHead = { elements: new Map() };
  let count = 0;
  try {
    await readXml(head, {
      doctype: (doctype) => {
        seen.doctype = doctype;
      },
      open: (name, attributes) => {
        seen.root ??= { name, attributes };
        let names = seen.elements.get(name);
        if (!names) seen.elements.set(name, (names = new Set()));
        for (const attribute of Object.keys(attributes)) names.add(attribute);
        if (++count >= MAX_ELEMENTS) throw STOP;
      },
    });
  } catch (error) {
    // A head cut mid-document is expected: judge by what was seen before the cut. Broken or refused XML is no tag.
    if (error !== STOP && !(error instanceof MatsimFormatError && error.code === 'truncated')) return { elements: new Map() };
  }
  return seen;
}

/** DTD file name (without `.dtd`) → tag and the root element that DTD declares. */
const DTDS: Record<string, { tag: DataTypeTag; root: string }> = {
  config_v1: { tag: 'config_v1', root: 'config' },
  config_v2: { tag: 'config_v2', root: 'config' },
  network_v1: { tag: 'network_v1', root: 'network' },
  network_v2: { tag: 'network_v2', root: 'network' },
  plans_v4: { tag: 'plans_v4', root: 'plans' },
  population_v5: { tag: 'population_v5', root: 'population' },
  population_v6: { tag: 'population_v6', root: 'population' },
  facilities_v1: { tag: 'facilities_v1', root: 'facilities' },
  facilities_v2: { tag: 'facilities_v2', root: 'facilities' },
  transitSchedule_v1: { tag: 'transitSchedule_v1', root: 'transitSchedule' },
  transitSchedule_v2: { tag: 'transitSchedule_v2', root: 'transitSchedule' },
  dvrp_vehicles_v1: { tag: 'dvrp_vehicles_v1', root: 'vehicles' },
  counts_v1: { tag: 'counts_v1', root: 'counts' },
};

/** XSD name with its major version (`vehicleDefinitions_v2.0.xsd` → `vehicleDefinitions_v2`) → tag and root. */
const XSDS: Record<string, { tag: DataTypeTag; root: string }> = {
  vehicleDefinitions_v1: { tag: 'vehicleDefinitions_v1', root: 'vehicleDefinitions' },
  vehicleDefinitions_v2: { tag: 'vehicleDefinitions_v2', root: 'vehicleDefinitions' },
  counts_v1: { tag: 'counts_v1', root: 'counts' },
  counts_v2: { tag: 'counts_v2', root: 'counts' },
  households_v1: { tag: 'households_v1', root: 'households' },
};

export async function sniffXml(head: Uint8Array): Promise<DataTypeTag | null> {
  const seen = await readXmlHead(head);
  const root = seen.root;
  if (!root) return null;

  const dtd = /([\w.-]+)\.dtd\s*["']\s*$/.exec(seen.doctype ?? '')?.[1];
  const byDtd = dtd ? DTDS[dtd] : undefined;
  if (byDtd && byDtd.root === root.name) return byDtd.tag;

  for (const [name, value] of Object.entries(root.attributes)) {
    if (!/schemaLocation$/i.test(name)) continue;
    for (const match of value.matchAll(/(\w+)_v(\d+)(?:\.\d+)?\.xsd/g)) {
      const bySchema = XSDS[`${match[1]}_v${match[2]}`];
      if (bySchema && bySchema.root === root.name) return bySchema.tag;
    }
  }
  return byRoot(root, seen.elements);
}

/** Files without a usable DOCTYPE or schema: the root element, and content that only one version has. */
function byRoot(root: { name: string; attributes: XmlAttributes }, elements: Map<string, Set<string>>): DataTypeTag | null {
  const has = (element: string, attribute?: string) =>
    attribute === undefined ? elements.has(element) : (elements.get(element)?.has(attribute) ?? false);
  switch (root.name) {
    case 'config':
      // v1 differs only by having no parametersets, so a config without a DOCTYPE reads as v2.
      return 'config_v2';
    case 'network':
      return has('attributes') ? 'network_v2' : 'network_v1';
    case 'plans':
      return 'plans_v4';
    case 'population':
      // v6 only added attributes to v5 and its readers take v5 content, so it is the safe reading.
      return 'population_v6';
    case 'facilities':
      // The DRT operation facilities of the drt-extensions contrib share the root (and carry no DOCTYPE): their
      // <facility> has capacity and type (hub | inField) and may hold <chargers>, which activity facilities never do.
      if (has('facility', 'capacity') || has('facility', 'type') || has('chargers')) return 'drt_operation_facilities';
      return has('attributes') ? 'facilities_v2' : 'facilities_v1';
    case 'transitSchedule':
      return has('attributes') || has('minimalTransferTimes') || has('chainedDeparture')
        ? 'transitSchedule_v2'
        : 'transitSchedule_v1';
    case 'vehicleDefinitions':
      // v1 nests <seats persons/> in <capacity>; v2 puts seats on <capacity> itself.
      return has('seats') || has('standingRoom') ? 'vehicleDefinitions_v1' : 'vehicleDefinitions_v2';
    case 'vehicles':
      return has('vehicle', 'start_link') ? 'dvrp_vehicles_v1' : null;
    case 'events':
      return 'events_v1';
    case 'counts':
      return has('measureLocation') ? 'counts_v2' : 'counts_v1';
    case 'households':
      return 'households_v1';
    default:
      return null;
  }
}
