import { Group, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface SectionProps {
  title: string;
  /** Beside the title (e.g. a count or a button). */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled panel of a page; the title names the region for assistive technology. */
export function Section({ title, aside, children }: SectionProps) {
  const id = useId();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={3} id={id}>
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
