/**
 * A text value edited in place (ids and names of the line tab): the error shows while typing and on leaving the
 * field (spec 2 §5 "checked on blur and on input"); Enter or leaving it saves the trimmed value when it is valid and
 * changed; Escape puts the saved value back. An invalid value stays in the field with its message and saves nothing.
 */
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { commitKeys } from './commitKeys.ts';

interface TextFieldProps {
  label: string;
  value: string;
  readOnly: boolean;
  /** The message for a value (undefined: it may be saved). */
  error?: (value: string) => string | undefined;
  onCommit: (value: string) => void;
  size?: 'xs' | 'sm';
  /** Hide the label visually (table cells): it stays the field's accessible name. */
  hiddenLabel?: boolean;
  w?: number | string;
}

export function TextField({ label, value, readOnly, error, onCommit, size = 'xs', hiddenLabel, w }: TextFieldProps) {
  const [draft, setDraft] = useState(value);
  const [from, setFrom] = useState(value);
  // The saved value changed under the field (a commit, undo): start again from it.
  if (from !== value) {
    setFrom(value);
    setDraft(value);
  }
  const message = error?.(draft);
  const commit = () => {
    if (readOnly || message) return;
    const next = draft.trim();
    // A saved value comes back through `value`; one the caller does not save (an empty name) is put back.
    setDraft(value);
    if (next !== value) onCommit(next);
  };
  return (
    <TextInput
      size={size}
      w={w}
      label={hiddenLabel ? undefined : label}
      aria-label={label}
      value={draft}
      readOnly={readOnly}
      error={message}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={commitKeys(commit, () => setDraft(value))}
    />
  );
}
