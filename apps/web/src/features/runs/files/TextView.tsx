import { Paper, Select } from '@mantine/core';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { iterationMarks, segmentsAt } from './logIndex.ts';

const PRE_STYLE = {
  margin: 0,
  fontFamily: 'var(--mantine-font-family-monospace)',
  fontSize: 'var(--mantine-font-size-xs)',
  whiteSpace: 'pre',
  overflow: 'auto',
  maxHeight: '70vh',
} as const;

/**
 * Text in one monospace pre block that keeps whitespace. With `jumpTo` (the log viewer) the text is cut into one
 * span per iteration — a few hundred elements at most, never one per line — and "Jump to…" scrolls to one.
 */
export function TextView({ text, label, jumpTo = false }: { text: string; label: string; jumpTo?: boolean }) {
  const { t } = useTranslation();
  const marks = useMemo(() => (jumpTo ? iterationMarks(text) : []), [text, jumpTo]);
  const segments = useMemo(() => segmentsAt(text, marks), [text, marks]);
  const pre = useRef<HTMLPreElement>(null);

  const jump = (value: string | null) => {
    const index = marks.findIndex((mark) => String(mark.iteration) === value);
    const block = pre.current;
    const target = block?.children[index + 1];
    if (!block || !(target instanceof HTMLElement)) return;
    // The pre is positioned, so the span's offsetTop is measured from the pre's top: scroll the block to the
    // line, and bring the block into view.
    block.scrollTop = target.offsetTop;
    block.scrollIntoView({ block: 'nearest' });
  };

  return (
    <>
      {jumpTo && marks.length > 0 && (
        <Select
          label={t('runFiles.jumpTo')}
          placeholder={t('runFiles.jumpTo')}
          w={220}
          searchable
          value={null}
          data={marks.map((mark) => ({ value: String(mark.iteration), label: t('runFiles.iteration', { n: mark.iteration }) }))}
          onChange={jump}
        />
      )}
      <Paper withBorder p="sm">
        <pre ref={pre} aria-label={label} tabIndex={0} style={{ ...PRE_STYLE, position: 'relative' }}>
          {segments.map((segment, index) => (
            // Segments are positional: the same index is the same iteration for a growing log.
            <span key={index} data-iteration={index > 0 ? marks[index - 1]?.iteration : undefined}>
              {segment}
            </span>
          ))}
        </pre>
      </Paper>
    </>
  );
}
