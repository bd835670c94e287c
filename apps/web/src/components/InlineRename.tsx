import { ActionIcon, Badge, Button, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long "Renamed" shows after a rename (spec 1 §9). */
const RENAMED_VISIBLE_MS = 2_000;

interface InlineRenameProps {
  name: string;
  onRename: (name: string) => Promise<unknown>;
  /** How much of the name the field selects at first; all of it by default. */
  selectLength?: (name: string) => number;
  /** The name as shown outside editing (e.g. a link); the plain name by default. */
  children?: ReactNode;
}

/**
 * A name that can be renamed in place: Enter saves, Escape cancels, Save is disabled for an
 * empty name (spec 1 §5), and "Renamed" shows for 2 seconds afterwards.
 */
export function InlineRename({ name, onRename, selectLength, children }: InlineRenameProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [renamed, setRenamed] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!editing) return;
    const field = input.current;
    field?.focus();
    field?.setSelectionRange(0, selectLength ? selectLength(name) : name.length);
  }, [editing, name, selectLength]);

  useEffect(() => {
    if (!renamed) return;
    const timer = window.setTimeout(() => setRenamed(false), RENAMED_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [renamed]);

  const startEditing = () => {
    setDraft(name);
    setError(undefined);
    setEditing(true);
  };

  const save = () => {
    const next = draft.trim();
    if (!next || saving) return;
    if (next === name) {
      setEditing(false);
      return;
    }
    setSaving(true);
    onRename(next)
      .then(() => {
        setEditing(false);
        setRenamed(true);
      })
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)))
      .finally(() => setSaving(false));
  };

  if (!editing) {
    return (
      <Group gap={6} wrap="nowrap">
        {children ?? name}
        <Tooltip label={t('rename.action')} withArrow>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={t('rename.label', { name })}
            onClick={startEditing}
          >
            <IconPencil size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {renamed && (
          <Badge size="sm" color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
            {t('rename.done')}
          </Badge>
        )}
      </Group>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          ref={input}
          size="xs"
          aria-label={t('rename.newName')}
          value={draft}
          error={error}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              setEditing(false);
            }
          }}
          miw={200}
        />
        <Button size="xs" type="submit" disabled={!draft.trim()} loading={saving}>
          {t('common.save')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setEditing(false)}>
          {t('common.cancel')}
        </Button>
      </Group>
    </form>
  );
}
