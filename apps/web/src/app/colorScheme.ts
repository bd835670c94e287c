import { STORAGE_KEYS, THEMES, type Theme } from '@corridor/contract';
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/** The spec names the themes light, system and dark; Mantine calls "system" "auto". */
export function themeToColorScheme(theme: Theme): MantineColorScheme {
  return theme === 'system' ? 'auto' : theme;
}

export function colorSchemeToTheme(scheme: MantineColorScheme): Theme {
  return scheme === 'auto' ? 'system' : scheme;
}

function parseTheme(value: string | null): Theme | undefined {
  return THEMES.find((theme) => theme === value);
}

/** Mantine's colour scheme kept in local storage under the spec's theme key and values. */
export function themeStorageManager(): MantineColorSchemeManager {
  const key = STORAGE_KEYS.theme;
  let onStorage: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => {
      try {
        const theme = parseTheme(window.localStorage.getItem(key));
        return theme ? themeToColorScheme(theme) : defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set: (value) => {
      try {
        window.localStorage.setItem(key, colorSchemeToTheme(value));
      } catch {
        // Storage can be unavailable (private mode, quota); the theme then lasts for this visit.
      }
    },
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        const theme = event.storageArea === window.localStorage && event.key === key && parseTheme(event.newValue);
        if (theme) onUpdate(themeToColorScheme(theme));
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
    },
    clear: () => {
      window.localStorage.removeItem(key);
    },
  };
}
