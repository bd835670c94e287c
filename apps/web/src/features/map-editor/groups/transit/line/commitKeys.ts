import type { KeyboardEvent } from 'react';

/** Keys of a field edited in place: Enter commits, Escape puts the value back without reaching the map's shortcuts. */
export const commitKeys = (commit: () => void, revert: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter') commit();
  if (event.key === 'Escape') {
    event.stopPropagation();
    revert();
  }
};
