import { parseConfigText } from '@corridor/matsim/config-text';
import { useMemo } from 'react';
import { configFileNames, type ConfigFileNames } from './scheduleForm.ts';

/** The file names a config's text gives; null without text or when it is no readable config. */
export function useConfigNames(text: string | undefined): ConfigFileNames | null {
  return useMemo(() => {
    if (text === undefined) return null;
    try {
      return configFileNames(parseConfigText(text));
    } catch {
      return null;
    }
  }, [text]);
}
