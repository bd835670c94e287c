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

/** A modification that cannot apply: the English text as message (what the server's answers quote), the code in `refusal`. */
export class ModificationError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusalText(refusal));
  }
}

export class EditKinds {
  private readonly byType = new Map<string, EditKind>();

  constructor(kinds: Iterable<EditKind>) {
    for (const kind of kinds) {
      if (this.byType.has(kind.type)) throw new Error(`Edit kind ${kind.type} is registered twice`);
      this.byType.set(kind.type, kind);
    }
  }

  /** A registry with these kinds added (a group's kinds, or a test kind). */
  with(...kinds: EditKind[]): EditKinds {
    return new EditKinds([...this.byType.values(), ...kinds]);
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
    kind.apply(draft, mod, this);
  }

  /**
   * Applies to the draft when it can and answers undefined; otherwise answers the refusal and leaves the draft as
   * it was (a group leaves no step behind). What a replay that keeps going uses: one pass per modification.
   */
  tryApply<M extends Modification>(draft: GraphDraft, mod: M): Refusal | undefined {
    const kind = this.kind(mod);
    if (!kind.composite) {
      const reason = kind.disabled(draft, mod, this);
      if (!reason) kind.apply(draft, mod, this);
      return reason;
    }
    const error = draft.attempt(() => kind.apply(draft, mod, this));
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
        this.kind(step).apply(draft, step, this);
      }
    });
    return reason;
  }
}
