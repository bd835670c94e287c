import type { Dataset } from '@corridor/contract';
import { createContext, useContext } from 'react';

/** What the editor works on: the scenario and the network file shown. */
export interface EditorEnv {
  readonly scenario: Dataset;
  readonly groupName: string;
  readonly networkFileId: number;
}

export const EditorEnvContext = createContext<EditorEnv | null>(null);

export function useEditorEnv(): EditorEnv {
  const env = useContext(EditorEnvContext);
  if (!env) throw new Error('useEditorEnv outside the map editor');
  return env;
}
