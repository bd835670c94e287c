/** The editor level, kept in local storage (spec 1 §3 local preferences, §9), beginner by default. */
import { DEFAULT_CONFIG_EDITOR_LEVEL, STORAGE_KEYS } from '@corridor/contract';
import { useLocalStorage } from '@mantine/hooks';
import { isLevel } from './schema/levels.ts';
import type { Level } from './schema/types.ts';

export function useEditorLevel() {
  return useLocalStorage<Level>({
    key: STORAGE_KEYS.editorLevel,
    defaultValue: DEFAULT_CONFIG_EDITOR_LEVEL,
    getInitialValueInEffect: false,
    serialize: (level) => level,
    deserialize: (stored) => (isLevel(stored) ? stored : DEFAULT_CONFIG_EDITOR_LEVEL),
  });
}
