/**
 * A text input that hands its value on only on Enter or when it loses focus (not per keystroke), after a check; a
 * value changed from outside (e.g. a link picked on the map) replaces the typed text.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

interface CommitInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  value: string;
  onCommit: (text: string) => void;
  /** An error text for the typed text, or null when it may be committed. */
  check?: (text: string) => string | null;
}

export function CommitInput({ value, onCommit, check, ...props }: CommitInputProps) {
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(value);
    setError(null);
  }, [value]);
  const commit = () => {
    const problem = check?.(text) ?? null;
    setError(problem);
    if (problem === null && text !== value) onCommit(text);
  };
  return (
    <TextInput
      {...props}
      value={text}
      error={error}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
