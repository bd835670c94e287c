// The map editor's data core (issue 27), measured in Node on a synthetic 1,000,000-link grid built in memory (the
// grid of synthetic-network.ts: 100 m spacing, links both ways between neighbours, so an inner node has 8 links).
// This is the BEFORE figure of the current core (`@corridor/changesets`: NetworkDraft copies a whole map on its first
// write, undo replays the history from the base). Figures that would take minutes on this core are extrapolated
// from a timed sample and marked so. Prints a table, then one JSON object with the keys as the last line.
import type { NetworkLink, NetworkModification, NetworkNode } from '@corridor/contract';
import { applyNetwork, networkData, replayNetwork, type NetworkData } from '@corridor/changesets';
import { performance } from 'node:perf_hooks';
import { printTable } from './synthetic-network.ts';

const SIDE = 501;
const LINKS = 1_000_000;
const SPACING = 100;
/** Longest a sequential-edit sample may run before the rest is extrapolated. */
const SAMPLE_BUDGET_MS = 20_000;

function grid(): NetworkData {
  const nodes: NetworkNode[] = [];
  for (let row = 0; row < SIDE; row++) for (let col = 0; col < SIDE; col++) nodes.push({ id: String(row * SIDE + col), lng: col * SPACING, lat: row * SPACING });
  const links: NetworkLink[] = [];
  let id = 0;
  const link = (from: number, to: number) => links.push({ id: String(id++), fromId: String(from), toId: String(to), length: SPACING, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] });
  for (let row = 0; row < SIDE && id < LINKS; row++) {
    for (let col = 0; col < SIDE && id < LINKS; col++) {
      const node = row * SIDE + col;
      if (col + 1 < SIDE) link(node, node + 1), link(node + 1, node);
      if (row + 1 < SIDE && id < LINKS) link(node, node + SIDE), link(node + SIDE, node);
    }
  }
  return networkData(nodes, links);
}

const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))]!;
const time = (work: () => void) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};
const linkEdit = (i: number): NetworkModification => ({ type: 'network/updateLink', id: String((i * 7919) % LINKS), changes: { capacity: 600 + (i % 900) } });
/** An inner node of the grid (8 links). */
const nodeMove = (i: number): NetworkModification => {
  const node = (1 + (i % (SIDE - 2))) * SIDE + 1 + ((i * 31) % (SIDE - 2));
  return { type: 'network/updateNode', id: String(node), lng: (node % SIDE) * SPACING + 5, lat: Math.floor(node / SIDE) * SPACING + 5 };
};
const mixed = (i: number): NetworkModification => (i % 2 === 0 ? linkEdit(i) : nodeMove(i));

/** Applies edits one by one (each on the previous result) until `count` or the time budget; answers ms per edit and how many ran. */
function sequential(base: NetworkData, count: number): { perEdit: number; ran: number; network: NetworkData } {
  let network = base;
  let ran = 0;
  const start = performance.now();
  while (ran < count && performance.now() - start < SAMPLE_BUDGET_MS) network = applyNetwork(network, mixed(ran++));
  return { perEdit: (performance.now() - start) / ran, ran, network };
}

const built = performance.now();
const base = grid();
const buildMs = performance.now() - built;

const linkEditSamples = Array.from({ length: 30 }, (_, i) => time(() => applyNetwork(base, linkEdit(i))));
const nodeMoveSamples = Array.from({ length: 30 }, (_, i) => time(() => applyNetwork(base, nodeMove(i))));

// Undo and redo on this core: the editor replays the remaining history from the base (200 edits in it).
const history = Array.from({ length: 200 }, (_, i) => mixed(i));
const undoSamples = Array.from({ length: 10 }, () => time(() => replayNetwork(base, history.slice(0, -1), 'unsaved')));
const redoSamples = Array.from({ length: 10 }, () => time(() => replayNetwork(base, history, 'unsaved')));

globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const edits = sequential(base, 1000);
globalThis.gc?.();
const heapAfter = process.memoryUsage().heapUsed;
const edits1000Ms = edits.perEdit * 1000;
// What the edited network holds beyond the base after the edits that ran (not scaled: on this core it is one copy
// of the maps the edits wrote, whatever their number).
const heapPer1000EditsMb = (heapAfter - heapBefore) / 1024 / 1024;

const saved = Array.from({ length: 10_000 }, (_, i) => mixed(i));
const replay10kMs = time(() => replayNetwork(base, saved, 'saved'));

const extrapolated = edits.ran < 1000 ? ` (${edits.ran} edits in ${Math.round(edits.perEdit * edits.ran)} ms, ×${(1000 / edits.ran).toFixed(1)})` : '';
printTable([
  ['figure', 'value', 'goal'],
  ['grid built (links)', `${base.links.size.toLocaleString('en')} in ${Math.round(buildMs)} ms`, ''],
  ['one link attribute edit, p95', `${p95(linkEditSamples).toFixed(1)} ms`, '< 2 ms'],
  ['node move (8 links), p95', `${p95(nodeMoveSamples).toFixed(1)} ms`, '< 2 ms'],
  ['undo (200 edits in history), p95', `${p95(undoSamples).toFixed(1)} ms`, '< 1 ms'],
  ['redo (200 edits in history), p95', `${p95(redoSamples).toFixed(1)} ms`, '< 1 ms'],
  ['1,000 mixed edits in a row', `${Math.round(edits1000Ms).toLocaleString('en')} ms${extrapolated}`, '< 1,000 ms'],
  ['replay of 10,000 saved modifications', `${Math.round(replay10kMs)} ms`, '< 1,000 ms'],
  [`heap held after ${edits.ran.toLocaleString('en')} edits`, `${heapPer1000EditsMb.toFixed(1)} MB`, '< 5 MB per 1,000'],
]);
console.log(
  JSON.stringify({
    core: 'before (NetworkDraft, replay from base)',
    linkEditP95Ms: +p95(linkEditSamples).toFixed(2),
    nodeMoveP95Ms: +p95(nodeMoveSamples).toFixed(2),
    undoP95Ms: +p95(undoSamples).toFixed(2),
    redoP95Ms: +p95(redoSamples).toFixed(2),
    edits1000Ms: Math.round(edits1000Ms),
    edits1000Extrapolated: edits.ran < 1000,
    replay10kMs: Math.round(replay10kMs),
    heapPer1000EditsMb: +heapPer1000EditsMb.toFixed(1),
    heapEdits: edits.ran,
    links: base.links.size,
  }),
);
