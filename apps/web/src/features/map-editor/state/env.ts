import type { Dataset } from '@corridor/contract';
import { createContext, useContext } from 'react';
import type { DrtFiles } from '../groups/drt/files.ts';

/** What the editor works on: the scenario, the network file shown and the transit schedule. */
export interface EditorEnv {
  readonly scenario: Dataset;
  readonly groupName: string;
  readonly networkFileId: number;
  /** The transit schedule shown and edited (spec 2 §7: loaded by schedule file id), if the scenario has one. */
  readonly transitFile?: { readonly id: number; readonly name: string };
  /** The scenario's DRT files per kind (vehicles, stops, service areas); absent: none. */
  readonly drtFiles?: DrtFiles;
}

export const EditorEnvContext = createContext<EditorEnv | null>(null);

export function useEditorEnv(): EditorEnv {
  const env = useContext(EditorEnvContext);
  if (!env) throw new Error('useEditorEnv outside the map editor');
  return env;
}
