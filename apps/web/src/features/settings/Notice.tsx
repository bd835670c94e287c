import { Alert } from '@mantine/core';

/** The outcome of an action: a success line or an error alert, as the spec's messages read. */
export interface NoticeState {
  ok: boolean;
  text: string;
}

export function Notice({ notice, onClose }: { notice: NoticeState | undefined; onClose: () => void }) {
  if (!notice) return null;
  return (
    <Alert color={notice.ok ? 'teal' : 'red'} role={notice.ok ? 'status' : 'alert'} withCloseButton onClose={onClose}>
      {notice.text}
    </Alert>
  );
}
