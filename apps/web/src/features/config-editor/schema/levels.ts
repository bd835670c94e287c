import { CONFIG_EDITOR_LEVELS } from '@corridor/contract';
import type { Level } from './types.ts';

/** The levels from `level` up: a field of the beginner level appears at every level (expert ⊇ advanced ⊇ beginner). */
export function from(level: Level): readonly Level[] {
  return CONFIG_EDITOR_LEVELS.slice(CONFIG_EDITOR_LEVELS.indexOf(level));
}

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (CONFIG_EDITOR_LEVELS as readonly string[]).includes(value);
}
