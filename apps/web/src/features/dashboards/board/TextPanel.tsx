import { TEXT_STYLES, type TextItem, type TextStyle } from '@corridor/contract';
import { ActionIcon, Group, SegmentedControl, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type TextData = TextItem['data'];

/** A text panel as shown: h1–h3 as headings, p as a paragraph (line breaks kept). */
export function TextPanel({ data }: { data: TextData }) {
  const { t } = useTranslation('dashboards');
  if (!data.text.trim()) {
    return (
      <Text c="dimmed" size="sm" fs="italic">
        {t('board.text.emptyPanel')}
      </Text>
    );
  }
  if (data.style === 'p') return <Text style={{ whiteSpace: 'pre-wrap' }}>{data.text}</Text>;
  const order = Number(data.style.slice(1)) as 1 | 2 | 3;
  return <Title order={order}>{data.text}</Title>;
}

/** The text panel editor (spec 3 §2.2): style buttons h1, h2, h3, p and a confirm button; Enter saves. */
export function TextEditor({ data, onSave }: { data: TextData; onSave: (data: TextData) => void }) {
  const { t } = useTranslation('dashboards');
  const [text, setText] = useState(data.text);
  const [style, setStyle] = useState<TextStyle>(data.style);
  const save = () => onSave({ text, style });
  return (
    <Stack gap={6} pt={4}>
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          size="xs"
          value={style}
          onChange={(value) => setStyle(value as TextStyle)}
          data={TEXT_STYLES.map((value) => ({ value, label: <Tooltip label={t(`board.text.styles.${value}`)}><span>{value}</span></Tooltip> }))}
        />
        <Tooltip label={t('board.text.confirm')}>
          <ActionIcon aria-label={t('board.text.confirm')} onClick={save}>
            <IconCheck size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Textarea
        aria-label={t('board.text.placeholder')}
        placeholder={t('board.text.placeholder')}
        autosize
        minRows={1}
        autoFocus
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter saves; Shift+Enter keeps a line break for paragraphs.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            save();
          }
        }}
      />
    </Stack>
  );
}
