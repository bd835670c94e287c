/**
 * Issue 27's property: random sequences of network edits give the same network whether they are applied step by
 * step (the editor), replayed from the saved changeset (opening it), or applied by the server to a MATSim network
 * file (a run, Export Scenario) — all three through the same registry of edit kinds.
 */
import { EDIT_KINDS, replay } from '@corridor/changesets';
import { gridNetwork, networkContents, randomEdits } from '@corridor/changesets/testing';
import { networkGraph } from '@corridor/changesets';
import type { NetworkLink, NetworkNode } from '@corridor/contract';
import { readNetwork } from '@corridor/matsim';
import { describe, expect, it } from 'vitest';
import { applyChangesets, toModelLink } from '../src/modules/jobs/apply-changesets.ts';

/** The grid as a MATSim network file (no CRS: x/y are the WGS84 lng/lat themselves). */
function matsimFile(nodes: NetworkNode[], links: NetworkLink[]): Buffer {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE network SYSTEM "http://www.matsim.org/files/dtd/network_v2.dtd">', '<network>', '<nodes>'];
  for (const node of nodes) lines.push(`<node id="${node.id}" x="${node.lng}" y="${node.lat}"/>`);
  lines.push('</nodes>', '<links capperiod="01:00:00">');
  for (const link of links) {
    lines.push(`<link id="${link.id}" from="${link.fromId}" to="${link.toId}" length="${link.length}" freespeed="${link.freespeed}" capacity="${link.capacity}" permlanes="${link.lanes}" modes="${link.modes.join(',')}"/>`);
  }
  lines.push('</links>', '</network>');
  return Buffer.from(lines.join('\n'));
}

/** The server's output file read back into the editor's terms, sorted like `networkContents`. */
async function fileContents(bytes: Uint8Array): Promise<ReturnType<typeof networkContents>> {
  const network = await readNetwork(bytes);
  const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const nodes = [...network.nodes.values()].map((node) => ({ id: node.id, lng: node.x, lat: node.y })).sort(byId);
  const links = [...network.links.values()]
    .map(toModelLink)
    .sort(byId);
  return { nodes, links };
}

/** Links as the editor holds them, with an attribute map only when it has entries (what a file can say). */
const normalised = ({ nodes, links }: ReturnType<typeof networkContents>) => ({
  nodes,
  links: links.map(({ attributes, ...link }) => (attributes && Object.keys(attributes).length > 0 ? { ...link, attributes } : link)),
});

describe('edits step by step, replayed, and applied by the server to a MATSim file', () => {
  it.each([1, 2, 3, 4, 5, 6])('give the same network (seed %i, 150 edits of every kind)', async (seed) => {
    const { nodes, links } = gridNetwork(8);
    const base = networkGraph(nodes, links);
    const { mods, steps } = randomEdits(base, 150, seed);
    const stepwise = normalised(networkContents(steps.at(-1)!));
    expect(normalised(networkContents(replay(base, mods, EDIT_KINDS)))).toEqual(stepwise);
    const out = await applyChangesets(matsimFile(nodes, links), { gzip: false, changesets: [{ id: 1, name: `seed ${seed}`, modifications: mods }] });
    expect(await fileContents(out)).toEqual(stepwise);
  });
});
