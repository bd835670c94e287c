import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A download link styled as a button. */
export function DownloadButton({ href, name, size = 'sm' }: { href: string; name: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <Button component="a" href={href} download={name} size={size} variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
      {t('files.download')}
    </Button>
  );
}
