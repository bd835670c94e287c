/**
 * Reading the shown network off the graphs, for every view of the editor: a feature as drawn (a deleted one where
 * it was), whether it is deleted, its change flags (computed: the current graph against the saved one), and the
 * ids a tool may hand out.
 */
import { changeFlags, LINK, linkOf, NODE, nodeOf, type ChangeFlags, type GraphReader } from '@corridor/changesets';
import type { NetworkLink, NetworkNode } from '@corridor/contract';
import type { Shown } from './types.ts';

/** A base entity that an edit deleted: no longer in the graph, still drawn (faded) where it was. */
export const isDeleted = (graph: GraphReader, kind: string, id: string): boolean => !graph.has(kind, id) && graph.base.has(kind, id);

/** The node as shown: live, or deleted (from the base). */
export const shownNode = (graph: GraphReader, id: string): NetworkNode | undefined => nodeOf(graph, id) ?? (graph.base.get(NODE, id) as NetworkNode | undefined);

/** The link as shown: live, or deleted (from the base). */
export const shownLink = (graph: GraphReader, id: string): NetworkLink | undefined => linkOf(graph, id) ?? (graph.base.get(LINK, id) as NetworkLink | undefined);

/** Whether the node or link is known at all (live or deleted). */
export const isKnown = (graph: GraphReader, kind: string, id: string): boolean => graph.has(kind, id) || graph.base.has(kind, id);

export const flagsOf = (shown: Shown, kind: string, id: string): ChangeFlags => changeFlags(kind, id, shown.saved, shown.graph);

/** An id is taken by a live feature, a deleted one, or one an edit added and removed again. */
export const idTaken = (graph: GraphReader, kind: string) => (id: string): boolean => graph.has(kind, id) || graph.base.has(kind, id) || graph.changed(kind, id);
