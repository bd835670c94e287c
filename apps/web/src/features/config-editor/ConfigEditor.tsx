import { Alert, Button, Grid, Group, Loader, Modal, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { CONFIG_EDITOR_LEVELS, type Dataset, type FileEntry } from '@corridor/contract';
import type { TFunction } from 'i18next';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfigText, type ConfigText } from '../../api/configFiles.ts';
import { useInvalidateScenarioFiles } from '../../api/files.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useCurrentScenario } from '../scenarios/ScenarioContext.ts';
import { ConfigForm } from './form/ConfigForm.tsx';
import { UnknownParamsAlert } from './form/UnknownParams.tsx';
import { CONFIG_CHECKS_NS } from './i18n/index.ts';
import type { XmlError } from './model/document.ts';
import { useConfigEditor, type ConfigEditorState } from './useConfigEditor.ts';
import { useEditorLevel } from './useEditorLevel.ts';
import { useLeaveGuard } from '../../components/useLeaveGuard.ts';

const XmlView = lazy(() => import('./XmlView.tsx'));

/** The configuration editor for a config file of the scenario (spec 1 §2.14). */
export function ConfigEditor({ file }: { file: FileEntry }) {
  const { t } = useTranslation();
  const scenario = useCurrentScenario();
  const invalidateFiles = useInvalidateScenarioFiles(scenario.id);
  const queryClient = useQueryClient();
  const [, setSearch] = useSearchParams();
  // `loaded`: the file whose text the editor opened; `current`: where saving goes; `own`: both and any copies, so
  // the address changing to a copy is no other file to load.
  const [source, setSource] = useState({ loaded: file.id, current: file.id, own: [file.id] });
  if (!source.own.includes(file.id)) setSource({ loaded: file.id, current: file.id, own: [file.id] });
  const text = useConfigText(source.loaded);

  // The address follows the file the editor works on. The cached file list names a new one at once (beside the old
  // entry until the list is fetched again), so the page finds the file under the old and the new address alike.
  const follow = (id: number) => {
    const previous = source.current;
    queryClient.setQueryData<Dataset>(queryKeys.dataset(scenario.id), (cached) =>
      cached && { ...cached, files: [...cached.files, ...cached.files.filter((entry) => entry.id === previous).map((entry) => ({ ...entry, id }))] },
    );
    setSearch(
      (search) => {
        search.set('id', String(id));
        return search;
      },
      { replace: true },
    );
    void invalidateFiles();
  };
  // A save that had to copy the file (a run uses it) answers a new id: the editor goes on with the copy.
  const savedAs = (id: number) => {
    setSource((known) => ({ ...known, current: id, own: [...known.own, id] }));
    follow(id);
  };
  // After a conflict: the editor opens the newest content (the same file read again, or the copy that replaced it).
  const reload = (id: number) => {
    setSource((known) => ({ loaded: id, current: id, own: [...known.own, id] }));
    if (id === source.loaded) void text.refetch();
    if (id !== source.current) follow(id);
  };

  if (text.isPending) return <Loader aria-label={t('configEditor.loading')} />;
  if (text.isError) {
    return (
      <Alert color="red" role="alert">
        {t('configEditor.loadFailed')} {text.error.message}
      </Alert>
    );
  }
  // A text read again (after a conflict) opens a fresh editor.
  const key = `${source.loaded}@${text.dataUpdatedAt}`;
  return <LoadedEditor key={key} text={text.data} fileId={source.current} onSavedAs={savedAs} onReload={reload} />;
}

interface LoadedEditorProps {
  text: ConfigText;
  fileId: number;
  onSavedAs: (id: number) => void;
  onReload: (id: number) => void;
}

function LoadedEditor({ text, fileId, onSavedAs, onReload }: LoadedEditorProps) {
  const { t } = useTranslation();
  const scenario = useCurrentScenario();
  const [level, setLevel] = useEditorLevel();
  const editor = useConfigEditor(text, fileId, onSavedAs);
  const [showXml, setShowXml] = useState(editor.document.xmlError !== undefined);
  const blocker = useLeaveGuard(editor.dirty);
  const files = scenario.files.map((entry) => entry.name);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <SegmentedControl
          aria-label={t('configEditor.level')}
          value={level}
          onChange={(value) => setLevel(value as typeof level)}
          data={CONFIG_EDITOR_LEVELS.map((value) => ({ value, label: t(`configEditor.levels.${value}`) }))}
        />
        <Group gap="sm">
          <Switch label={t('configEditor.idleSave')} checked={editor.idleSave} onChange={(event) => editor.setIdleSave(event.currentTarget.checked)} />
          <Button variant="default" onClick={() => setShowXml(!showXml)}>
            {showXml ? t('configEditor.hideXml') : t('configEditor.editXml')}
          </Button>
          <Button onClick={() => void editor.save()} disabled={!editor.canSave} loading={editor.status === 'saving'}>
            {t('configEditor.save')}
          </Button>
        </Group>
      </Group>
      <SaveState editor={editor} />
      {editor.conflict && <SaveConflictAlert editor={editor} onReload={onReload} />}
      <Grid>
        <Grid.Col span={{ base: 12, lg: showXml ? 6 : 12 }}>
          {/* While the XML does not read, the form is locked: an edit there would replace the XML being repaired. */}
          <fieldset disabled={editor.document.xmlError !== undefined} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <ConfigForm config={editor.document.config} level={level} errors={editor.errors} unknown={editor.unknown} files={files} onChange={editor.changeConfig} />
          </fieldset>
        </Grid.Col>
        {showXml && (
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Suspense fallback={<Loader />}>
              <XmlView value={editor.document.xml} onChange={editor.changeXml} label={t('configEditor.xmlLabel')} />
            </Suspense>
          </Grid.Col>
        )}
      </Grid>
      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('configEditor.leaveTitle')} centered>
        <Text>{t('configEditor.leaveText')}</Text>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {t('configEditor.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('configEditor.leave')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function xmlErrorText(t: TFunction, error: XmlError): string {
  return error.line !== undefined
    ? t('configEditor.xmlInvalid', { line: error.line, column: error.column ?? 1, reason: error.reason })
    : t('configEditor.xmlInvalidNoPlace', { reason: error.reason });
}

/** The save messages of spec 1 §2.14 and why saving is blocked, if it is. */
function SaveState({ editor }: { editor: ConfigEditorState }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(CONFIG_CHECKS_NS);
  const { document, dirty, status, errors, unknown, saveError } = editor;
  const saved = unknown.length > 0 ? tc('unknown.savedWith', { count: unknown.length }) : t('configEditor.saved');
  const message = status === 'saving' ? t('configEditor.saving') : dirty ? t('configEditor.unsaved') : status === 'saved' ? saved : '';
  return (
    <Stack gap="xs">
      <Text role="status" size="sm" c={dirty || (status === 'saved' && unknown.length > 0) ? 'orange' : 'dimmed'} mih={20}>
        {message}
      </Text>
      {document.xmlError && (
        <Alert color="red" role="alert" title={xmlErrorText(t, document.xmlError)}>
          {t('configEditor.xmlBlocksSave')}
        </Alert>
      )}
      <UnknownParamsAlert unknown={unknown} />
      {errors.length > 0 && (
        <Alert color="orange" role="alert">
          {t('configEditor.invalidValues', { count: errors.length })}
        </Alert>
      )}
      {saveError && (
        <Alert color="red" role="alert">
          {t('configEditor.saveFailed', { message: saveError })}
        </Alert>
      )}
    </Stack>
  );
}

/** Someone else saved since the text was opened: the editor keeps its text and offers to reload or overwrite. */
function SaveConflictAlert({ editor, onReload }: { editor: ConfigEditorState; onReload: (id: number) => void }) {
  const { t } = useTranslation();
  const current = editor.conflict?.current;
  return (
    <Alert color="orange" role="alert" title={t('configEditor.conflict.title')}>
      <Stack gap="sm">
        <Text size="sm">{current ? t('configEditor.conflict.text') : t('configEditor.conflict.gone')}</Text>
        {current && (
          <Group gap="sm">
            <Button variant="default" onClick={() => onReload(current.id)}>
              {t('configEditor.conflict.reload')}
            </Button>
            <Button color="orange" onClick={() => void editor.overwrite()} loading={editor.status === 'saving'}>
              {t('configEditor.conflict.overwrite')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
