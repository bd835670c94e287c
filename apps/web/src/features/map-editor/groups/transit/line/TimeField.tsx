/**
 * A time in seconds edited as text (spec 2 §2): seconds, HH:MM or HH:MM:SS are accepted, anything else gives 0.
 * Shown as HH:MM:SS (the seconds in its tooltip); saved on Enter or on leaving the field, Escape puts it back.
 */
import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatTime, parseTime } from './time.ts';
import { commitKeys } from './commitKeys.ts';

interface TimeFieldProps {
  label: string;
  seconds: number;
  readOnly: boolean;
  onCommit: (seconds: number) => void;
  /** A signed duration may be negative (a travel time before the previous departure): shown with its sign. */
  signed?: boolean;
}

const shown = (seconds: number, signed?: boolean) => (signed && seconds < 0 ? `-${formatTime(-seconds)}` : formatTime(seconds));

export function TimeField({ label, seconds, readOnly, onCommit, signed }: TimeFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  if (readOnly) {
    return (
      <Text size="sm" span title={`${seconds} s`}>
        {shown(seconds, signed)}
      </Text>
    );
  }
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const next = parseTime(draft);
    if (next !== seconds) onCommit(next);
  };
  return (
    <TextInput
      size="xs"
      w={96}
      aria-label={label}
      value={draft ?? shown(seconds, signed)}
      title={`${seconds} s`}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={commitKeys(commit, () => setDraft(null))}
    />
  );
}
