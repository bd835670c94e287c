import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { FileEntry } from '@corridor/contract';
import { fileUrls } from '../../api/files.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ConfigEditor } from '../config-editor/ConfigEditor.tsx';
import { useCurrentScenario } from '../scenarios/ScenarioContext.ts';
import { scenarioPath } from '../scenarios/scenarioPaths.ts';
import { fileViewOf } from './fileView.ts';
import { ImageView } from './ImageView.tsx';
import { NetworkView } from './NetworkView.tsx';
import { PopulationView } from './PopulationView.tsx';
import { TransitView } from './TransitView.tsx';

function ComingSoon({ text }: { text: string }) {
  return <Text c="dimmed">{text}</Text>;
}

function FileViewContent({ file }: { file: FileEntry }) {
  const { t } = useTranslation();
  switch (fileViewOf(file)) {
    case 'config':
      return <ConfigEditor file={file} />;
    case 'network':
      return <NetworkView file={file} />;
    case 'population':
      return <PopulationView file={file} />;
    case 'transit':
      return <TransitView file={file} />;
    case 'image':
      return <ImageView file={file} />;
    case 'other':
      return <ComingSoon text={t('fileView.noView')} />;
  }
}

/** File editor, /{group}/{scenario}/edit-file?id=&file= (spec 1 §2.13). */
export function EditFilePage() {
  const { t } = useTranslation();
  const scenario = useCurrentScenario();
  const [search] = useSearchParams();
  const title = search.get('file') ?? t('titles.file');
  const file = scenario.files.find((entry) => String(entry.id) === search.get('id'));

  if (!file) {
    return (
      <ErrorState title={t('group.notFoundTitle')} message={t('fileView.notFound')}>
        <Anchor component={Link} to={scenarioPath(scenario)}>
          {t('fileView.backToScenario')}
        </Anchor>
      </ErrorState>
    );
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2}>{title}</Title>
          {file.tag && (
            <Text size="sm" c="dimmed" ff="monospace">
              {file.tag}
            </Text>
          )}
        </Stack>
        <Button
          component="a"
          href={fileUrls.download(file.id)}
          download={file.name}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t('files.download')}
        </Button>
      </Group>
      <FileViewContent file={file} />
    </Stack>
  );
}
