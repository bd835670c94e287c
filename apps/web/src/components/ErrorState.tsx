import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ErrorStateProps {
  title: string;
  message: string;
  children?: ReactNode;
}

/**
 * A page-sized message for something that could not be shown ("Oops...", "Sorry!", …).
 * The spaces between the parts keep the whole message readable as one sentence
 * (text content, screen readers), as the spec quotes it.
 */
export function ErrorState({ title, message, children }: ErrorStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <Title order={2}>{title}</Title>{' '}
      <Text>{message}</Text>
      {children && ' '}
      {children}
    </Stack>
  );
}
