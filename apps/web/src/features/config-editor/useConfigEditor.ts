/** The editor's state: the document in both views, validation, saving (manual, optionally after 1 s idle). */
import { CONFIG_IDLE_SAVE_MS, CONFIG_SAVED_INDICATOR_MS } from '@corridor/contract';
import { unknownConfigParams, type Config } from '@corridor/matsim/config-text';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { saveConfigText, StaleConfigSave, type ConfigText, type FileVersion } from '../../api/configFiles.ts';
import { validate } from './model/form.ts';
import { configText, editForm, editXml, isDirty, markSaved, openDocument } from './model/document.ts';
import { CONFIG_SCHEMA } from './schema/schema.ts';

export type SaveStatus = 'idle' | 'saving' | 'saved';

/**
 * A save refused because someone else saved first (the editor keeps its text): where their content is now, which a
 * reload opens and an overwrite saves over; null when that file is gone.
 */
export interface SaveConflict {
  current: FileVersion | null;
}

export function useConfigEditor(initial: ConfigText, fileId: number, onSavedAs: (id: number) => void) {
  const [document, setDocument] = useState(() => openDocument(initial.text));
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [saveError, setSaveError] = useState<string>();
  const [conflict, setConflict] = useState<SaveConflict>();
  const [idleSave, setIdleSave] = useState(false);
  // The version the text in the editor was saved over last (or opened at): every save sends it as If-Match.
  const version = useRef(initial.version);

  const errors = useMemo(() => validate(CONFIG_SCHEMA, document.config), [document.config]);
  const dirty = useMemo(() => isDirty(document), [document]);
  // Params MATSim's core modules do not know: flagged, and a save warns, but it is the user's file to save.
  const unknown = useMemo(() => unknownConfigParams(document.config), [document.config]);
  const savable = dirty && !document.xmlError && errors.length === 0 && status !== 'saving';
  // After a conflict only the user's choice (reload or overwrite) saves: a plain save would be refused again.
  const canSave = savable && !conflict;

  const changeConfig = useCallback((change: (config: Config) => Config) => setDocument((current) => editForm(current, change)), []);
  const changeXml = useCallback((xml: string) => setDocument((current) => editXml(current, xml)), []);

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const store = async (target: { id: number; version: string | null }) => {
    const text = configText(document.config);
    setStatus('saving');
    setSaveError(undefined);
    setConflict(undefined);
    try {
      const saved = await saveConfigText(target, text);
      version.current = saved.version;
      setDocument((current) => markSaved(current, text));
      setStatus('saved');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setStatus('idle'), CONFIG_SAVED_INDICATOR_MS);
      if (saved.id !== fileId) onSavedAs(saved.id);
    } catch (error) {
      setStatus('idle');
      if (error instanceof StaleConfigSave) setConflict({ current: error.current });
      else setSaveError(error instanceof Error ? error.message : String(error));
    }
  };
  const save = async () => {
    if (canSave) await store({ id: fileId, version: version.current });
  };
  /** Saves the editor's text over the content someone else saved (after a conflict). */
  const overwrite = async () => {
    if (savable && conflict?.current) await store(conflict.current);
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  // Optional idle save: one second after the last change, when the change can be saved.
  useEffect(() => {
    if (!idleSave || !canSave) return;
    const idle = setTimeout(() => void saveRef.current(), CONFIG_IDLE_SAVE_MS);
    return () => clearTimeout(idle);
  }, [idleSave, canSave, document.xml]);

  return { document, errors, unknown, dirty, canSave, status, saveError, conflict, save, overwrite, changeConfig, changeXml, idleSave, setIdleSave };
}

export type ConfigEditorState = ReturnType<typeof useConfigEditor>;
