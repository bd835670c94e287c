import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Notice, type NoticeState } from './Notice.tsx';

interface MinLengthFormProps {
  label: string;
  buttonLabel: string;
  min: number;
  /** The alert when the value is shorter than `min` (spec 3 §5). */
  tooShort: string;
  initial?: string;
  /** Shown under the field, e.g. the password rule "At least 6 characters." */
  description?: string;
  password?: boolean;
  pending: boolean;
  /** Resolves with the success text, rejects with the failure's; both are shown below the field. */
  onSubmit: (value: string) => Promise<string>;
}

/** One field and a button whose value needs `min` characters: usernames, group names, passwords. */
export function MinLengthForm({ label, buttonLabel, min, tooShort, initial = '', description, password, pending, onSubmit }: MinLengthFormProps) {
  const [value, setValue] = useState(initial);
  const [notice, setNotice] = useState<NoticeState>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = password ? value : value.trim();
    if (text.length < min) return setNotice({ ok: false, text: tooShort });
    setNotice(undefined);
    onSubmit(text).then(
      (done) => {
        setNotice({ ok: true, text: done });
        if (password) setValue('');
      },
      (error: unknown) => setNotice({ ok: false, text: error instanceof Error ? error.message : String(error) }),
    );
  };
  const Field = password ? PasswordInput : TextInput;
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Notice notice={notice} onClose={() => setNotice(undefined)} />
        <Group align="flex-end" gap="sm">
          <Field label={label} description={description} value={value} onChange={(event) => setValue(event.currentTarget.value)} style={{ flex: 1 }} autoComplete={password ? 'new-password' : 'off'} />
          <Button type="submit" loading={pending}>
            {buttonLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
