/**
 * One registry of edit kinds for every group (network now, transit and DRT as they arrive). A kind is plain,
 * serialisable data (spec 2 §3, unchanged) with `disabled(graph, mod)` and `apply(draft, mod)`; one file per kind.
 * An apply may change entities of several kinds (a stop assignment adds a link and changes a stop), so cross-group
 * rules live in the kinds. `apply(graph, mod)` is pure: a new graph version, the old one unchanged.
 */
import type { Refusal } from '../refusal.ts';
import { refusalText } from '../refusal.ts';
import type { GraphDraft, GraphReader, ScenarioGraph } from './graph.ts';

export interface Modification {
  readonly type: string;
}

export interface EditKind<M extends Modification = Modification> {
  /** The modification type this kind applies (its `type` field). */
  readonly type: string;
  /** Why the modification cannot apply to the graph now, or undefined when it can. */
  disabled(graph: GraphReader, mod: M, kinds: EditKinds): Refusal | undefined;
  /** Applies a modification that is not disabled (a group applies its steps through `kinds`). */
  apply(draft: GraphDraft, mod: M, kinds: EditKinds): void;
  /**
   * True for kinds made of steps (a group): their `disabled` has to try the steps, so `tryApply` applies them on a
   * snapshot it can go back to instead of checking first. A plain kind's `disabled` is cheap and exact.
   */
  readonly composite?: boolean;
}

/**
 * What another group does when a modification of some type applies (public transport: a deleted or split link
 * changes the network routes that used it), so that group's rules stay in its own files and the network kinds do
 * not know about it. Runs after the kind's apply, in the same draft (atomic with it), with the graph as it was just
 * before the modification.
 */
export interface EditEffect<M extends Modification = Modification> {
  /** The modification type it follows. */
  readonly after: string;
  apply(draft: GraphDraft, mod: M, before: GraphReader, kinds: EditKinds): void;
}

/** A modification that cannot apply: the English text as message (what the server's answers quote), the code in `refusal`. */
export class ModificationError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusalText(refusal));
  }
}

export class EditKinds {
  private readonly byType = new Map<string, EditKind>();
  private readonly effectsByType = new Map<string, EditEffect[]>();

  constructor(kinds: Iterable<EditKind>, effects: Iterable<EditEffect> = []) {
    for (const kind of kinds) {
      if (this.byType.has(kind.type)) throw new Error(`Edit kind ${kind.type} is registered twice`);
      this.byType.set(kind.type, kind);
    }
    for (const effect of effects) {
      if (!this.byType.has(effect.after)) throw new Error(`Edit effect after ${effect.after}: no such kind`);
      this.effectsByType.set(effect.after, [...(this.effectsByType.get(effect.after) ?? []), effect]);
    }
  }

  /** A registry with these kinds added (a group's kinds, or a test kind). */
  with(...kinds: EditKind[]): EditKinds {
    return new EditKinds([...this.byType.values(), ...kinds], this.effects());
  }

  private effects(): EditEffect[] {
    return [...this.effectsByType.values()].flat();
  }

  /** Applies the kind, then the effects that follow its type (with the graph as it was before). */
  private run(kind: EditKind, draft: GraphDraft, mod: Modification): void {
    const effects = this.effectsByType.get(mod.type);
    const before = effects ? draft.view() : undefined;
    kind.apply(draft, mod, this);
    if (effects) for (const effect of effects) effect.apply(draft, mod, before!, this);
  }

  /** Whether a kind for the modification's type is registered. */
  knows<M extends Modification>(mod: M): boolean {
    return this.byType.has(mod.type);
  }

  private kind(mod: Modification): EditKind {
    const kind = this.byType.get(mod.type);
    if (!kind) throw new Error(`No edit kind for ${mod.type}`);
    return kind;
  }

  disabled<M extends Modification>(graph: GraphReader, mod: M): Refusal | undefined {
    return this.kind(mod).disabled(graph, mod, this);
  }

  /** Applies to the draft; throws ModificationError when the modification is disabled there. */
  applyTo<M extends Modification>(draft: GraphDraft, mod: M): void {
    const kind = this.kind(mod);
    const reason = kind.disabled(draft, mod, this);
    if (reason) throw new ModificationError(reason);
    this.run(kind, draft, mod);
  }

  /**
   * Applies to the draft when it can and answers undefined; otherwise answers the refusal and leaves the draft as
   * it was (a group leaves no step behind). What a replay that keeps going uses: one pass per modification.
   */
  tryApply<M extends Modification>(draft: GraphDraft, mod: M): Refusal | undefined {
    const kind = this.kind(mod);
    if (!kind.composite) {
      const reason = kind.disabled(draft, mod, this);
      if (!reason) this.run(kind, draft, mod);
      return reason;
    }
    const error = draft.attempt(() => this.run(kind, draft, mod));
    if (error instanceof ModificationError) return error.refusal;
    if (error) throw error;
    return undefined;
  }

  /** The graph with the modification applied (the graph itself is unchanged); throws ModificationError. */
  apply<M extends Modification>(graph: ScenarioGraph, mod: M): ScenarioGraph {
    return graph.edit((draft) => this.applyTo(draft, mod));
  }

  /** The first step's refusal when the steps are applied in order, or undefined when all apply (nothing is kept). */
  firstRefusal<M extends Modification>(graph: GraphReader, steps: readonly M[]): Refusal | undefined {
    let reason: Refusal | undefined;
    graph.simulate((draft) => {
      for (const step of steps) {
        reason = this.disabled(draft, step);
        if (reason) return;
        this.run(this.kind(step), draft, step);
      }
    });
    return reason;
  }
}
