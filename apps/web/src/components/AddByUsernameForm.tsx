import { Button, Group, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

interface AddByUsernameFormProps {
  label: string;
  buttonLabel: string;
  pending: boolean;
  /** Called with the trimmed name; call `done` on success to clear the field. */
  onAdd: (username: string, done: () => void) => void;
}

/** A username field with an add button, for scenario access and team members alike. Enter submits. */
export function AddByUsernameForm({ label, buttonLabel, pending, onAdd }: AddByUsernameFormProps) {
  const [username, setUsername] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (name) onAdd(name, () => setUsername(''));
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="sm">
        <TextInput label={label} value={username} onChange={(event) => setUsername(event.currentTarget.value)} style={{ flex: 1 }} />
        <Button type="submit" disabled={!username.trim()} loading={pending} leftSection={<IconUserPlus size={16} aria-hidden />}>
          {buttonLabel}
        </Button>
      </Group>
    </form>
  );
}
