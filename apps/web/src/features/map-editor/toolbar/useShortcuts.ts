/**
 * The editor's keyboard shortcuts (spec 2 §2 "Toolbar"): one keydown listener on the page runs the tool or command
 * a key names (tools.ts, the same objects as the toolbar buttons). Keys typed into a text field, or pressed while a
 * modal dialog is open, are left alone; a handled key never gets its browser default (Backspace, ⌘Z in the page).
 */
import { useEffect } from 'react';
import type { EditorStore } from '../state/store.ts';
import { isMacPlatform } from './keys.ts';
import { toolForKey } from './tools.ts';

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'number', 'password', 'tel', 'url', 'date', 'time', 'datetime-local', 'month', 'week']);

/** Whether the key goes into something the user types in (so it is not a shortcut). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type);
}

const modalOpen = () => document.querySelector('[aria-modal="true"]') !== null;

export function useShortcuts(store: EditorStore): void {
  useEffect(() => {
    const mac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTyping(event.target) || modalOpen()) return;
      const state = store.getState();
      const tool = toolForKey(event, state, mac);
      if (!tool) return;
      event.preventDefault();
      if (!tool.disabled(state)) tool.perform(store);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}
