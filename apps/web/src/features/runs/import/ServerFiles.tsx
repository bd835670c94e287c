import { ActionIcon, Alert, Button, Checkbox, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFile, IconFileZip, IconFolder, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../components/format.ts';
import { RUN_IMPORT_NS } from './i18n/index.ts';
import type { ServerFileEntry } from '@corridor/contract';
import { useServerFiles } from './serverFiles.ts';
import { allSelected, baseName, coveringFolder, isFolderEntry, isSelected, selectAll, toggleSelection } from './serverSelection.ts';

interface SelectionProps {
  selection: string[];
  onChange: (selection: string[]) => void;
  disabled: boolean;
}

/** One directory's entries, loaded when it is first shown. */
function Listing({ path, depth, ...selection }: SelectionProps & { path: string; depth: number }) {
  const { t } = useTranslation(RUN_IMPORT_NS);
  const listing = useServerFiles(path);
  if (listing.isPending) {
    return (
      <Group gap="xs" pl={depth * 20}>
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('server.loading')}
        </Text>
      </Group>
    );
  }
  if (listing.isError) {
    return (
      <Alert color="red" role="alert" ml={depth * 20}>
        {t('server.loadError', { message: listing.error.message })}
      </Alert>
    );
  }
  const { files, truncated } = listing.data;
  const everything = allSelected(selection.selection, files);
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed" pl={depth * 20}>
        {t('server.empty')}
      </Text>
    );
  }
  return (
    <Stack gap={2} role="group">
      <Group pl={depth * 20 + 26}>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={selection.disabled || everything}
          aria-label={t('server.selectAllIn', { name: path === '' ? t('server.rootName') : baseName(path) })}
          onClick={() => selection.onChange(selectAll(selection.selection, files))}
        >
          {everything ? t('server.allSelected') : t('server.selectAll')}
        </Button>
      </Group>
      {files.map((entry) => (
        <Entry key={entry.path} entry={entry} depth={depth} {...selection} />
      ))}
      {truncated && (
        <Text size="xs" c="dimmed" pl={depth * 20}>
          {t('server.truncated')}
        </Text>
      )}
    </Stack>
  );
}

function Entry({ entry, depth, selection, onChange, disabled }: SelectionProps & { entry: ServerFileEntry; depth: number }) {
  const { t, i18n } = useTranslation(RUN_IMPORT_NS);
  const [open, setOpen] = useState(false);
  if (entry.type === 'dir') {
    return (
      <Stack gap={2} role="treeitem" aria-expanded={open}>
        <Group gap={4} pl={depth * 20} wrap="nowrap">
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t(open ? 'server.close' : 'server.open', { name: entry.name })} onClick={() => setOpen(!open)}>
            {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
          </ActionIcon>
          <Checkbox
            size="xs"
            aria-label={t('server.selectFolder', { name: entry.name })}
            checked={isSelected(selection, entry.path, 'dir')}
            disabled={disabled || coveringFolder(selection, `${entry.path}/`) !== undefined}
            onChange={(event) => onChange(toggleSelection(selection, entry, event.currentTarget.checked))}
          />
          <IconFolder size={16} aria-hidden />
          <Text size="sm" style={{ cursor: 'pointer' }} onClick={() => setOpen(!open)}>
            {entry.name}
          </Text>
        </Group>
        {open && <Listing path={entry.path} depth={depth + 1} selection={selection} onChange={onChange} disabled={disabled} />}
      </Stack>
    );
  }
  const { zipContent = [], zipContentTruncated, zipError } = entry.attributes;
  const isZip = zipContent.length > 0 || zipError !== undefined;
  return (
    <Stack gap={0} role="treeitem" pl={depth * 20 + 26}>
      <Group gap={6} wrap="nowrap">
        <Checkbox
          size="xs"
          aria-label={t('server.select', { name: entry.name })}
          checked={isSelected(selection, entry.path)}
          disabled={disabled || coveringFolder(selection, entry.path) !== undefined}
          onChange={(event) => onChange(toggleSelection(selection, entry, event.currentTarget.checked))}
        />
        {isZip ? <IconFileZip size={16} aria-hidden /> : <IconFile size={16} aria-hidden />}
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {entry.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatBytes(entry.size, i18n.language)}
        </Text>
      </Group>
      {zipContent.length > 0 && (
        <Stack gap={0} pl={40} aria-label={t('server.zipContent', { name: entry.name })} role="list">
          {zipContent.map((item) => (
            <Text key={item.name} size="xs" c="dimmed" role="listitem" style={{ wordBreak: 'break-all' }}>
              {item.name} · {formatBytes(item.size, i18n.language)}
            </Text>
          ))}
          {zipContentTruncated && (
            <Text size="xs" c="dimmed">
              {t('server.zipTruncated')}
            </Text>
          )}
        </Stack>
      )}
      {zipError && (
        <Text size="xs" c="red" pl={40}>
          {zipError}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The Server tab (spec 3 §2.5): a lazily loaded tree of the server's files, multi-select of files and whole folders
 * with "Select all" per listed folder and the ITERS/ choice (issue 26), the Selected Files list.
 */
export function ServerFiles({ selection, onChange, disabled, includeIters, onIncludeIters }: SelectionProps & { includeIters: boolean; onIncludeIters: (value: boolean) => void }) {
  const { t } = useTranslation(RUN_IMPORT_NS);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap="xs">
        <Checkbox
          label={t('server.includeIters')}
          description={t('server.includeItersHint')}
          checked={includeIters}
          disabled={disabled}
          onChange={(event) => onIncludeIters(event.currentTarget.checked)}
        />
        <Paper withBorder p="sm" role="tree" aria-label={t('server.treeLabel')} mah={480} style={{ overflow: 'auto' }}>
          <Listing path="" depth={0} selection={selection} onChange={onChange} disabled={disabled} />
        </Paper>
      </Stack>
      <Stack gap="xs">
        <Title order={4}>{t('server.selected')}</Title>
        {selection.length === 0 ? (
          <Text c="dimmed">{t('server.none')}</Text>
        ) : (
          <Stack gap={2} role="list" aria-label={t('server.selected')}>
            {selection.map((path) => (
              <Group key={path} gap={4} wrap="nowrap" role="listitem" justify="space-between">
                {isFolderEntry(path) ? (
                  <Group gap={4} wrap="nowrap">
                    <IconFolder size={14} aria-hidden />
                    <Text size="sm" title={path} style={{ wordBreak: 'break-all' }}>
                      {`${baseName(path)}/`}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(includeIters ? 'server.wholeFolderIters' : 'server.wholeFolder')}
                    </Text>
                  </Group>
                ) : (
                  <Text size="sm" title={path} style={{ wordBreak: 'break-all' }}>
                    {baseName(path)}
                  </Text>
                )}
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  disabled={disabled}
                  aria-label={t('server.unselect', { name: baseName(path) })}
                  onClick={() => onChange(selection.filter((entry) => entry !== path))}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </SimpleGrid>
  );
}
