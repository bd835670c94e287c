import type { FileEntry } from '@corridor/contract';
import { Paper } from '@mantine/core';
import { fileUrls } from '../../api/files.ts';

/** An image file as it is (spec 1 §2.13). */
export function ImageView({ file }: { file: FileEntry }) {
  return (
    <Paper withBorder p="sm" style={{ overflow: 'auto' }}>
      <img src={fileUrls.content(file.id)} alt={file.name} style={{ maxWidth: '100%', display: 'block' }} />
    </Paper>
  );
}
