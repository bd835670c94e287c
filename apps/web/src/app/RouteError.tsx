import { Button, Code, Container, Group, Text } from '@mantine/core';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { ErrorState } from '../components/ErrorState.tsx';
import { errorDetails, isChunkLoadError, routeErrorKind } from './routeError.ts';

const TITLES = { unauthorized: 'group.unauthorizedTitle', notFound: 'group.notFoundTitle', error: 'group.errorTitle' } as const;
const MESSAGES = { unauthorized: 'group.unauthorized', notFound: 'group.notFound', error: 'group.error' } as const;

/**
 * The error boundary of every route (issue 24): a page that throws while rendering, or whose chunk cannot be
 * loaded, shows the spec's texts where the page would be — the navigation stays — with Reload and Back to home,
 * never React Router's developer page. `standalone`: the boundary of the frames themselves (no shell to keep).
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const kind = routeErrorKind(error);
  const chunk = isChunkLoadError(error);
  const details = errorDetails(error);
  // The developer page used to print the error; the console keeps it for whoever reports the problem.
  useEffect(() => console.error(error), [error]);

  const content = (
    <ErrorState title={t(TITLES[kind])} message={t(MESSAGES[kind])}>
      {chunk && <Text maw={560}>{t('errorPage.chunk')}</Text>}
      <Group justify="center" gap="sm" mt="sm">
        <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </Button>
        {/* A full load: the router state that failed is left behind with the page. */}
        <Button component={Link} to="/" reloadDocument variant="default" leftSection={<IconHome size={16} aria-hidden />}>
          {t('errorPage.home')}
        </Button>
      </Group>
      {details && !chunk && (
        <Text size="xs" c="dimmed" mt="md" maw={560}>
          {t('errorPage.details')} <Code>{details}</Code>
        </Text>
      )}
    </ErrorState>
  );
  return standalone ? <Container py="xl">{content}</Container> : content;
}
