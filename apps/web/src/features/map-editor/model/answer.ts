/**
 * A network query answer (GeoJSON node and link features, several link entries per node pair) as the editor's
 * nodes and links. Custom attributes keep the type the server reports: numeric → integer, decimal → decimal,
 * categorical → string.
 */
import type { CustomAttribute, LinkAttribute, NetworkLink, NetworkNode, NetworkQueryAnswer } from '@corridor/contract';

/** The properties every link has; every other entry field is a custom attribute. */
export const FIXED_LINK_FIELDS = ['length', 'capacity', 'lanes', 'freespeed', 'modes'] as const;
const FIXED = new Set<string>([...FIXED_LINK_FIELDS, 'id', 'fromId', 'toId']);

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function customAttribute(value: unknown, type: LinkAttribute['type'] | undefined): CustomAttribute | undefined {
  if (typeof value === 'number') return type === 'numeric' && Number.isInteger(value) ? { type: 'integer', value } : { type: 'decimal', value };
  if (typeof value === 'string') return { type: 'string', value };
  if (typeof value === 'boolean') return { type: 'bool', value };
  return undefined;
}

export function fromAnswer(answer: NetworkQueryAnswer): { nodes: NetworkNode[]; links: NetworkLink[] } {
  const types = new Map(answer.link_attributes.map((attribute) => [attribute.name, attribute.type]));
  const nodes: NetworkNode[] = [];
  const links: NetworkLink[] = [];
  for (const feature of answer.features) {
    if (feature.properties.kind === 'node') {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      nodes.push({ id: feature.properties.id, lng, lat });
      continue;
    }
    for (const entry of feature.properties.links) {
      const attributes: Record<string, CustomAttribute> = {};
      for (const [name, value] of Object.entries(entry)) {
        if (FIXED.has(name)) continue;
        const attribute = customAttribute(value, types.get(name));
        if (attribute) attributes[name] = attribute;
      }
      links.push({
        id: entry.id,
        fromId: entry.fromId,
        toId: entry.toId,
        length: num(entry.length),
        capacity: num(entry.capacity),
        lanes: num(entry.lanes),
        freespeed: num(entry.freespeed),
        modes: Array.isArray(entry.modes) ? entry.modes.map(String) : [],
        ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
      });
    }
  }
  return { nodes, links };
}

/** The link and node ids a list of network modifications refers to: what must be loaded before it is replayed. */
export function referencedIds(mods: readonly { type: string }[]): { links: string[]; nodes: string[] } {
  const links = new Set<string>();
  const nodes = new Set<string>();
  const visit = (mod: Record<string, unknown>) => {
    switch (mod.type) {
      case 'network/group':
        for (const inner of mod.modifications as Record<string, unknown>[]) visit(inner);
        break;
      case 'network/updateNode':
      case 'network/deleteNode':
        nodes.add(mod.id as string);
        break;
      case 'network/updateLink': {
        links.add(mod.id as string);
        const changes = mod.changes as { fromId?: string; toId?: string };
        if (changes.fromId) nodes.add(changes.fromId);
        if (changes.toId) nodes.add(changes.toId);
        break;
      }
      case 'network/deleteLink':
        links.add(mod.id as string);
        break;
      case 'network/addLink': {
        const link = mod.link as NetworkLink;
        nodes.add(link.fromId).add(link.toId);
        break;
      }
      default:
    }
  };
  for (const mod of mods) visit(mod as Record<string, unknown>);
  return { links: [...links], nodes: [...nodes] };
}
