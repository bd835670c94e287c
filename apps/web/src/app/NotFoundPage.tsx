import { Container } from '@mantine/core';
import { useSession } from '../api/session.ts';
import { NotFound } from '../components/NotFound.tsx';
import { AppFrame } from './shell/AppFrame.tsx';

/** Unknown addresses: inside the shell when signed in, on their own otherwise. */
export function NotFoundPage() {
  const { data } = useSession();
  return data?.status === 'signedIn' ? (
    <AppFrame>
      <NotFound />
    </AppFrame>
  ) : (
    <Container py="xl">
      <NotFound />
    </Container>
  );
}
