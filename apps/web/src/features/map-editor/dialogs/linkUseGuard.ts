/**
 * Deleting links the scenario's plans use (issue 24): before a deletion of links is performed, the scenario's
 * population/plans files are asked which of those links carry activities or plan routes (the server's index of
 * link use, built once per file). Unused links go at once; used ones wait for the user's answer in
 * `LinkUseDialog`. The check never blocks for good: after a short wait the dialog opens and says the index is still
 * being built, and "Delete anyway" deletes without waiting. Kept beside the editor store (one guard per store, like
 * the handlers' sessions), so the store and the handlers stay as they are.
 */
import { EDIT_KINDS, isNetworkModification, linkOf, type GraphReader } from '@corridor/changesets';
import type { LinkUse, LinkUseLink, Modification } from '@corridor/contract';
import type { EditorStore } from '../state/store.ts';

export interface PopulationFile {
  readonly id: number;
  readonly name: string;
}

/** One file's answer: the asked links it uses, or why it could not be asked. */
export type FileCheck =
  | { readonly file: PopulationFile; readonly state: 'checking' }
  | { readonly file: PopulationFile; readonly state: 'done'; readonly links: readonly LinkUse[] }
  | { readonly file: PopulationFile; readonly state: 'failed'; readonly message: string };

/** A deletion waiting for the check or for the user. */
export interface PendingDelete {
  readonly seq: number;
  readonly links: readonly LinkUseLink[];
  readonly checks: readonly FileCheck[];
  /** Shown once a check took longer than `SHOW_AFTER_MS` or found a use or failed. */
  readonly shown: boolean;
}

/** Asks one file about some links (the server call; the tests of the guard pass their own). */
export type AskFile = (fileId: number, links: readonly LinkUseLink[], signal: AbortSignal) => Promise<readonly LinkUse[]>;

/** A check this fast deletes without a dialog flashing up. */
export const SHOW_AFTER_MS = 400;

/** The `network/deleteLink` ids of a modification (groups included), each once. */
export function deletedLinkIds(mod: Modification): string[] {
  const ids = new Set<string>();
  const visit = (m: Modification) => {
    if (m.type === 'network/deleteLink') ids.add(m.id);
    else if (m.type === 'network/group') m.modifications.forEach(visit);
  };
  visit(mod);
  return [...ids];
}

/** The links as the server is asked about them: with their nodes, so plans_v4 node routes count too. */
export function linksToAsk(graph: GraphReader, ids: readonly string[]): LinkUseLink[] {
  return ids.map((id) => {
    const link = linkOf(graph, id);
    return link ? { id, from: link.fromId, to: link.toId } : { id };
  });
}

export class LinkUseGuard {
  private pendingDelete: PendingDelete | null = null;
  private action: { mod: Modification; done: () => void; store: EditorStore; controller: AbortController; timer: ReturnType<typeof setTimeout> } | null = null;
  private seq = 0;
  private readonly listeners = new Set<() => void>();
  /** Files whose index is known to be built (their first answer came back). */
  private readonly built = new Set<number>();

  constructor(
    readonly files: readonly PopulationFile[],
    private readonly ask: AskFile,
  ) {}

  getPending = (): PendingDelete | null => this.pendingDelete;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  isBuilt(fileId: number): boolean {
    return this.built.has(fileId);
  }

  /** Changes whenever another file's index is known built (for `useSyncExternalStore`). */
  getBuiltCount = (): number => this.built.size;

  markBuilt(fileId: number): void {
    this.built.add(fileId);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private setPending(pending: PendingDelete | null): void {
    this.pendingDelete = pending;
    this.emit();
  }

  /** Checks the links `mod` deletes, then performs it (and calls `done`) or leaves it to the user. */
  request(store: EditorStore, mod: Modification, done: () => void): void {
    this.cancel();
    const state = store.getState();
    const links = linksToAsk(state.graph, deletedLinkIds(mod));
    // Nothing to ask (no plans, no links, or an edit the store refuses anyway: it says why itself).
    const refused = !isNetworkModification(mod) || !EDIT_KINDS.knows(mod) || EDIT_KINDS.disabled(state.graph, mod) !== undefined;
    if (this.files.length === 0 || links.length === 0 || !state.editMode || refused) {
      if (store.perform(mod) === undefined) done();
      return;
    }
    const seq = ++this.seq;
    const controller = new AbortController();
    const timer = setTimeout(() => this.current(seq) && this.setPending({ ...this.pendingDelete!, shown: true }), SHOW_AFTER_MS);
    this.action = { mod, done, store, controller, timer };
    this.setPending({ seq, links, checks: this.files.map((file) => ({ file, state: 'checking' })), shown: false });
    for (const file of this.files) {
      this.ask(file.id, links, controller.signal).then(
        (used) => {
          this.built.add(file.id);
          this.answered(seq, { file, state: 'done', links: used });
        },
        (err: unknown) => {
          if (controller.signal.aborted) return;
          this.answered(seq, { file, state: 'failed', message: err instanceof Error ? err.message : String(err) });
        },
      );
    }
  }

  private current(seq: number): boolean {
    return this.pendingDelete?.seq === seq;
  }

  private answered(seq: number, check: FileCheck): void {
    if (!this.current(seq)) return;
    const pending = this.pendingDelete!;
    const checks = pending.checks.map((c) => (c.file.id === check.file.id ? check : c));
    const finished = checks.every((c) => c.state !== 'checking');
    const used = checks.some((c) => c.state === 'done' && c.links.length > 0);
    const failed = checks.some((c) => c.state === 'failed');
    if (finished && !used && !failed) return this.confirm();
    this.setPending({ ...pending, checks, shown: pending.shown || used || (finished && failed) });
  }

  /** The user's "Delete anyway" (or a check that found nothing): the deletion is performed now. */
  confirm(): void {
    const action = this.action;
    this.cancel();
    if (action && action.store.perform(action.mod) === undefined) action.done();
  }

  /** The user's Cancel, or a new deletion: the pending one is dropped and its questions are ended. */
  cancel(): void {
    if (this.action) {
      clearTimeout(this.action.timer);
      this.action.controller.abort();
      this.action = null;
    }
    if (this.pendingDelete) this.setPending(null);
  }
}

const guards = new WeakMap<EditorStore, LinkUseGuard>();

/** The dialog registers the guard of its editor; without one (no dialog mounted) deletions go at once. */
export function setLinkUseGuard(store: EditorStore, guard: LinkUseGuard | null): void {
  if (guard) guards.set(store, guard);
  else guards.delete(store);
}

/**
 * Every deletion of links goes through here: performs `mod` at once when nothing needs asking, else after the
 * check or the user's answer; `done` runs once it has been performed (e.g. clearing the selection).
 */
export function deleteChecked(store: EditorStore, mod: Modification, done: () => void = () => undefined): void {
  const guard = guards.get(store);
  if (!guard) {
    if (store.perform(mod) === undefined) done();
    return;
  }
  guard.request(store, mod, done);
}
