/**
 * The network group's tool ids and selection type, added to the editor's extensible types (state/types.ts). The
 * ids keep their historic unprefixed values; new groups prefix theirs (`transit/select`).
 */
export {};

declare module '../../state/types.ts' {
  interface ToolIds {
    select: true;
    addNode: true;
    addLink: true;
    moveNode: true;
    lasso: true;
  }
  interface SelectionTypes {
    'network-links-and-nodes': { readonly links: readonly string[]; readonly nodes: readonly string[] };
  }
}
