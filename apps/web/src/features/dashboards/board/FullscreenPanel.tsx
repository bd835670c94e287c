import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/** A panel over the whole window; Esc (or the panel's own button) leaves it. */
export function FullscreenPanel({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <Modal opened onClose={onClose} fullScreen withCloseButton={false} closeOnEscape padding="md" styles={{ body: { height: '100%' } }}>
      <div style={{ height: 'calc(100vh - 2 * var(--mantine-spacing-md))', display: 'flex' }}>{children}</div>
    </Modal>
  );
}
