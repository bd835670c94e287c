/**
 * Keyboard combinations of the editor's tools and commands, written as `"V"`, `"Shift+N"`, `"Mod+Z"`,
 * `"Shift+Mod+Z"`, `"Backspace"`. `Mod` is Meta (⌘) on macOS and Ctrl elsewhere (spec 2 §2: "Undo and redo use the
 * Meta+Z key, with Shift for redo"). Letters match case-insensitively (Caps Lock, Shift+letter give capitals).
 */

/** The fields of a KeyboardEvent a combination is matched against (a plain object in tests). */
export interface KeyPress {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

interface Combo {
  readonly key: string;
  readonly shift: boolean;
  readonly mod: boolean;
}

function parse(combo: string): Combo {
  const parts = combo.split('+');
  const key = parts.at(-1) ?? '';
  return { key: key.toLowerCase(), shift: parts.includes('Shift'), mod: parts.includes('Mod') };
}

/** True when the press is exactly this combination: no modifier more or less (Alt never takes part). */
export function matchesKey(press: KeyPress, combo: string, mac: boolean): boolean {
  const { key, shift, mod } = parse(combo);
  if (press.key.toLowerCase() !== key || press.altKey || press.shiftKey !== shift) return false;
  const [modKey, otherKey] = mac ? [press.metaKey, press.ctrlKey] : [press.ctrlKey, press.metaKey];
  return modKey === mod && !otherKey;
}

/** The combination as the tooltips show it: "⇧⌘Z" on macOS, "Shift+Ctrl+Z" elsewhere. */
export function formatKey(combo: string, mac: boolean): string {
  const { shift, mod } = parse(combo);
  const key = combo.split('+').at(-1) ?? '';
  if (mac) return `${shift ? '⇧' : ''}${mod ? '⌘' : ''}${key}`;
  return [shift ? 'Shift' : '', mod ? 'Ctrl' : '', key].filter(Boolean).join('+');
}

/** Whether this browser runs on an Apple platform (where Meta is the command key). */
export function isMacPlatform(nav: { platform?: string; userAgent?: string } | undefined = globalThis.navigator): boolean {
  const platform = (nav as { userAgentData?: { platform?: string } } | undefined)?.userAgentData?.platform ?? nav?.platform ?? '';
  return /mac|iphone|ipad|ipod/i.test(platform || nav?.userAgent || '');
}
