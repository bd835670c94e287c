import { Alert, Badge, Button, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDeauthorizeDevice, useDevices } from '../../../api/profile.ts';
import { formatDateTime } from '../../../components/format.ts';
import { PROFILE_NS } from '../i18n/index.ts';
import { LoadedList } from '../LoadedList.tsx';

/** Devices (spec 1 §2.18): description, first login, last access; Deauthorize for all but the current one. */
export function DevicesTable({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation(PROFILE_NS);
  const devices = useDevices(userId);
  const deauthorize = useDeauthorizeDevice(userId);
  // Spec 1 §8: a failed load is only logged.
  if (devices.isError) console.error('devices could not be loaded', devices.error);

  return (
    <Stack gap="sm">
      <Title order={4}>{t('devices.heading')}</Title>
      {deauthorize.isError && (
        <Alert color="red" role="alert">
          {t('devices.failed')}
        </Alert>
      )}
      <LoadedList query={devices} empty={t('devices.empty')}>
        {(rows) => (
          <Table aria-label={t('devices.heading')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('devices.description')}</Table.Th>
                <Table.Th>{t('devices.created')}</Table.Th>
                <Table.Th>{t('devices.lastAccess')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((device) => (
                <Table.Tr key={device.token}>
                  <Table.Td>{device.description}</Table.Td>
                  <Table.Td>{formatDateTime(device.created, i18n.language)}</Table.Td>
                  <Table.Td>{formatDateTime(device.lastAccess, i18n.language)}</Table.Td>
                  <Table.Td ta="right">
                    {device.current ? (
                      <Badge variant="light">{t('devices.current')}</Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={t('devices.deauthorizeLabel', { device: device.description })}
                        loading={deauthorize.isPending && deauthorize.variables === device.token}
                        onClick={() => deauthorize.mutate(device.token)}
                      >
                        {t('devices.deauthorize')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </LoadedList>
    </Stack>
  );
}
