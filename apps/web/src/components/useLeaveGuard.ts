/** Leaving the page with unsaved changes asks first: in-app navigation (router blocker) and reload/close (beforeunload). */
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export function useLeaveGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  // Only another page counts: replacing the file id in the address after a save that copied the file does not.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return blocker;
}
