/** Answering a link-use question from an index (`build.ts`). Pure; used on the main thread and in a worker. */
import { LINK_USE_SAMPLES, type LinkUse, type LinkUseLink } from '@corridor/contract';
import { openInput, type Input } from '@corridor/matsim';
import { LINK_USE_VERSION, pairKey, type LinkUseIndex } from './build.ts';

/** A parsed index, or undefined when the bytes are not one of this version (an older index is built again). */
export function parseIndex(text: string): LinkUseIndex | undefined {
  try {
    const index = JSON.parse(text) as Partial<LinkUseIndex>;
    if (index?.version !== LINK_USE_VERSION || typeof index.links !== 'object' || typeof index.pairs !== 'object') return undefined;
    return index as LinkUseIndex;
  } catch {
    return undefined;
  }
}

const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

/** The asked links the file uses, in the order asked (each once); a v4 node route counts on the link between its nodes. */
export function lookUp(index: LinkUseIndex, links: readonly LinkUseLink[]): LinkUse[] {
  const answer: LinkUse[] = [];
  const seen = new Set<string>();
  for (const { id, from, to } of links) {
    if (seen.has(id)) continue;
    seen.add(id);
    const entry = own(index.links, id);
    const pair = from !== undefined && to !== undefined ? own(index.pairs, pairKey(from, to)) : undefined;
    if (!entry && !pair) continue;
    const routePersons = [...(entry?.[4] ?? [])];
    for (const person of pair?.[1] ?? []) if (routePersons.length < LINK_USE_SAMPLES && !routePersons.includes(person)) routePersons.push(person);
    answer.push({
      id,
      activities: entry?.[0] ?? 0,
      activitiesWithoutCoordinates: entry?.[1] ?? 0,
      routes: (entry?.[2] ?? 0) + (pair?.[0] ?? 0),
      activityPersons: entry?.[3] ?? [],
      routePersons,
    });
  }
  return answer.filter((use) => use.activities > 0 || use.routes > 0);
}

/** In a worker: a large stored index read and asked there, so the server's event loop never parses it. */
export async function lookUpStored(input: Input, args: { links: LinkUseLink[]; maxBytes: number }): Promise<{ persons: number; links: LinkUse[] } | null> {
  const parts: Uint8Array[] = [];
  for await (const chunk of openInput(input, { maxBytes: args.maxBytes })) parts.push(chunk);
  const index = parseIndex(new TextDecoder().decode(Buffer.concat(parts)));
  return index ? { persons: index.persons, links: lookUp(index, args.links) } : null;
}
