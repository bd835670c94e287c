/** The editor's state: the document in both views, validation, saving (manual, optionally after 1 s idle). */
import { CONFIG_IDLE_SAVE_MS, CONFIG_SAVED_INDICATOR_MS } from '@corridor/contract';
import type { Config } from '@corridor/matsim/config-text';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { saveConfigText } from '../../api/configFiles.ts';
import { validate } from './model/form.ts';
import { configText, editForm, editXml, isDirty, markSaved, openDocument } from './model/document.ts';
import { CONFIG_SCHEMA } from './schema/schema.ts';

export type SaveStatus = 'idle' | 'saving' | 'saved';

export function useConfigEditor(initialText: string, fileId: number, onSavedAs: (id: number) => void) {
  const [document, setDocument] = useState(() => openDocument(initialText));
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [saveError, setSaveError] = useState<string>();
  const [idleSave, setIdleSave] = useState(false);

  const errors = useMemo(() => validate(CONFIG_SCHEMA, document.config), [document.config]);
  const dirty = useMemo(() => isDirty(document), [document]);
  const canSave = dirty && !document.xmlError && errors.length === 0 && status !== 'saving';

  const changeConfig = useCallback((change: (config: Config) => Config) => setDocument((current) => editForm(current, change)), []);
  const changeXml = useCallback((xml: string) => setDocument((current) => editXml(current, xml)), []);

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = async () => {
    if (!canSave) return;
    const text = configText(document.config);
    setStatus('saving');
    setSaveError(undefined);
    try {
      const savedAs = await saveConfigText(fileId, text);
      setDocument((current) => markSaved(current, text));
      setStatus('saved');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setStatus('idle'), CONFIG_SAVED_INDICATOR_MS);
      if (savedAs !== fileId) onSavedAs(savedAs);
    } catch (error) {
      setStatus('idle');
      setSaveError(error instanceof Error ? error.message : String(error));
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  // Optional idle save: one second after the last change, when the change can be saved.
  useEffect(() => {
    if (!idleSave || !canSave) return;
    const idle = setTimeout(() => void saveRef.current(), CONFIG_IDLE_SAVE_MS);
    return () => clearTimeout(idle);
  }, [idleSave, canSave, document.xml]);

  return { document, errors, dirty, canSave, status, saveError, save, changeConfig, changeXml, idleSave, setIdleSave };
}

export type ConfigEditorState = ReturnType<typeof useConfigEditor>;
