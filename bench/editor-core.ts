// The map editor's data core (issue 27) in Node, through the calls the editor's store makes (`push`, `undo`, `redo`,
// `openChangeset` of `@corridor/changesets`), on a synthetic 1,000,000-link grid built in memory (100 m spacing,
// links both ways between neighbours, so an inner node has 8 links) and on berlin-medium (read with
// `@corridor/matsim`). Every edit runs its `disabled` check and is pushed onto a history that already holds the edits
// before it. Prints a table per network, then one JSON object with the issue's keys (1M-link figures, berlin-medium
// under `berlin`) as the last line. The figures of the core this replaced are in bench/README.md.
import type { NetworkLink, NetworkModification, NetworkNode } from '@corridor/contract';
import { EDIT_KINDS, graphOf, linksOfNode, networkGraph, newHistory, openChangeset, push, redo, undo, type ChangesetHistory, type ScenarioGraph } from '@corridor/changesets';
import { readNetwork } from '@corridor/matsim';
import { toModelLink } from '../apps/server/src/modules/jobs/apply-changesets.ts';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { printTable } from './synthetic-network.ts';

const BERLIN = join(import.meta.dirname, '../../shared/data/berlin-medium/network.xml.gz');
const SIDE = 501;
const GRID_LINKS = 1_000_000;
const SPACING = 100;

function grid(): { nodes: NetworkNode[]; links: NetworkLink[] } {
  const nodes: NetworkNode[] = [];
  for (let row = 0; row < SIDE; row++) for (let col = 0; col < SIDE; col++) nodes.push({ id: String(row * SIDE + col), lng: col * SPACING, lat: row * SPACING });
  const links: NetworkLink[] = [];
  let id = 0;
  const link = (from: number, to: number) => links.push({ id: String(id++), fromId: String(from), toId: String(to), length: SPACING, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] });
  for (let row = 0; row < SIDE && id < GRID_LINKS; row++) {
    for (let col = 0; col < SIDE && id < GRID_LINKS; col++) {
      const node = row * SIDE + col;
      if (col + 1 < SIDE) link(node, node + 1), link(node + 1, node);
      if (row + 1 < SIDE && id < GRID_LINKS) link(node, node + SIDE), link(node + SIDE, node);
    }
  }
  return { nodes, links };
}

async function berlin(): Promise<{ nodes: NetworkNode[]; links: NetworkLink[] }> {
  const network = await readNetwork(BERLIN);
  // Coordinates stay in the file's metres: the core never projects, and edit costs do not depend on the CRS.
  const nodes = [...network.nodes.values()].map((node) => ({ id: node.id, lng: node.x, lat: node.y }));
  const links = [...network.links.values()].map(toModelLink);
  return { nodes, links };
}

const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))]!;
const time = (work: () => void) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

interface Figures {
  linkEditP95Ms: number;
  nodeMoveP95Ms: number;
  undoP95Ms: number;
  redoP95Ms: number;
  edits1000Ms: number;
  replay10kMs: number;
  heapPer1000EditsMb: number;
  links: number;
  nodeMoveLinks: number;
  buildMs: number;
}

function measure(nodes: NetworkNode[], links: NetworkLink[]): Figures {
  const built = performance.now();
  const base: ScenarioGraph = networkGraph(nodes, links);
  const buildMs = performance.now() - built;
  const linkIds = links.map((link) => link.id);
  // Nodes with the most links (8 on the grid's inside), to move.
  const degree = (id: string) => linksOfNode(base, id).length;
  const most = nodes.reduce((best, node) => Math.max(best, degree(node.id)), 0);
  const busy = nodes.filter((node) => degree(node.id) >= Math.min(8, most)).map((node) => node.id);
  const nodeById = new Map(nodes.map((node) => [node.id, node]));
  let made = 0;

  /** A capacity edit of a link that is there (the bench deletes some). */
  const linkEdit = (i: number, graph?: ScenarioGraph): NetworkModification => {
    let at = (i * 7919) % linkIds.length;
    while (graph && !graph.has('link', linkIds[at]!)) at = (at + 1) % linkIds.length;
    return { type: 'network/updateLink', id: linkIds[at]!, changes: { capacity: 600 + (i % 900) } };
  };
  const nodeMove = (i: number): NetworkModification => {
    const node = nodeById.get(busy[(i * 31) % busy.length]!)!;
    return { type: 'network/updateNode', id: node.id, lng: node.lng + (i % 7), lat: node.lat + (i % 5) };
  };
  /** Link edits, node moves, a new link, a deleted link and a split (group), each valid where it is pushed. */
  const mixed = (graph: ScenarioGraph, i: number): NetworkModification => {
    switch (i % 5) {
      case 0:
      case 1:
        return linkEdit(i, graph);
      case 2:
        return nodeMove(i);
      case 3: {
        const node = busy[(i * 13) % busy.length]!;
        const other = busy[(i * 17 + 1) % busy.length]!;
        return { type: 'network/addLink', link: { id: `bench-${made++}`, fromId: node, toId: other, length: 1, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] } };
      }
      default: {
        const id = linkIds[(i * 104_729) % linkIds.length]!;
        return graph.has('link', id) ? { type: 'network/deleteLink', id } : linkEdit(i + 1, graph);
      }
    }
  };
  /** What the store does for an edit: the kind's check, then the push (which applies it). */
  const perform = (history: ChangesetHistory, mod: NetworkModification): ChangesetHistory => {
    const refused = EDIT_KINDS.disabled(graphOf(history), mod);
    if (refused) throw new Error(`bench edit refused: ${JSON.stringify(refused)}`);
    return push(history, mod);
  };

  // A history that already holds 1,000 edits, as a working session would.
  let history = newHistory(base);
  for (let i = 0; i < 1000; i++) history = perform(history, mixed(graphOf(history), i));

  const linkEditSamples: number[] = [];
  for (let i = 0; i < 300; i++) {
    const mod = linkEdit(5000 + i, graphOf(history));
    linkEditSamples.push(time(() => (history = perform(history, mod))));
  }
  const nodeMoveSamples: number[] = [];
  for (let i = 0; i < 300; i++) nodeMoveSamples.push(time(() => (history = perform(history, nodeMove(5000 + i)))));
  const undoSamples: number[] = [];
  for (let i = 0; i < 300; i++) undoSamples.push(time(() => (history = undo(history))));
  const redoSamples: number[] = [];
  for (let i = 0; i < 300; i++) redoSamples.push(time(() => (history = redo(history))));

  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let fresh = newHistory(base);
  const edits1000Ms = time(() => {
    for (let i = 0; i < 1000; i++) fresh = perform(fresh, mixed(graphOf(fresh), 10_000 + i));
  });
  globalThis.gc?.();
  const heapPer1000EditsMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  if (graphOf(fresh).changedCount === 0) throw new Error('the edits changed nothing');

  // A saved changeset of 10,000 modifications, opened on the base (one replay).
  let saved = newHistory(base);
  for (let i = 0; i < 10_000; i++) saved = push(saved, mixed(graphOf(saved), 20_000 + i));
  const modifications = [...saved.versions.entries.slice(1)].map((entry) => entry.modification!) as NetworkModification[];
  let opened: ChangesetHistory | undefined;
  const replay10kMs = time(() => (opened = openChangeset(base, { id: 1, name: 'bench', modifications })));
  if (opened!.versions.savedSkipped.length > 0) throw new Error('the saved changeset did not replay whole');

  return {
    linkEditP95Ms: +p95(linkEditSamples).toFixed(3),
    nodeMoveP95Ms: +p95(nodeMoveSamples).toFixed(3),
    undoP95Ms: +p95(undoSamples).toFixed(4),
    redoP95Ms: +p95(redoSamples).toFixed(4),
    edits1000Ms: Math.round(edits1000Ms),
    replay10kMs: Math.round(replay10kMs),
    heapPer1000EditsMb: +heapPer1000EditsMb.toFixed(2),
    links: links.length,
    nodeMoveLinks: Math.min(8, most),
    buildMs: Math.round(buildMs),
  };
}

function table(name: string, figures: Figures): void {
  console.log(`\n${name}`);
  printTable([
    ['figure', 'value', 'goal'],
    ['graph built (links)', `${figures.links.toLocaleString('en')} in ${figures.buildMs} ms`, ''],
    ['one link attribute edit, p95', `${figures.linkEditP95Ms} ms`, '< 2 ms'],
    [`node move (${figures.nodeMoveLinks} links), p95`, `${figures.nodeMoveP95Ms} ms`, '< 2 ms'],
    ['undo, p95', `${figures.undoP95Ms} ms`, '< 1 ms'],
    ['redo, p95', `${figures.redoP95Ms} ms`, '< 1 ms'],
    ['1,000 mixed edits in a row', `${figures.edits1000Ms.toLocaleString('en')} ms`, '< 1,000 ms'],
    ['replay of 10,000 saved modifications', `${figures.replay10kMs} ms`, '< 1,000 ms'],
    ['heap held by 1,000 edits (with their history)', `${figures.heapPer1000EditsMb} MB`, '< 5 MB'],
  ]);
}

const gridNetwork = grid();
const gridFigures = measure(gridNetwork.nodes, gridNetwork.links);
table('synthetic grid', gridFigures);
const berlinNetwork = await berlin();
const berlinFigures = measure(berlinNetwork.nodes, berlinNetwork.links);
table('berlin-medium', berlinFigures);

const { buildMs: _gridBuild, nodeMoveLinks: _gridDegree, ...issue } = gridFigures;
const { buildMs: _berlinBuild, ...berlinIssue } = berlinFigures;
console.log(JSON.stringify({ core: 'scenario graph (issue 27)', ...issue, berlin: berlinIssue }));
