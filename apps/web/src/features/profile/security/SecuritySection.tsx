import { Stack } from '@mantine/core';
import { useSessionUser } from '../../../api/session.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { DevicesTable } from './DevicesTable.tsx';

/** Profile section security (the default): change password and the devices list. */
export function SecuritySection() {
  const { userId } = useSessionUser();
  return (
    <Stack gap="xl" maw={860}>
      <ChangePasswordForm userId={userId} />
      <DevicesTable userId={userId} />
    </Stack>
  );
}
