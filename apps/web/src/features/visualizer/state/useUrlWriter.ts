/**
 * Writes the view into the address (replacing the entry): the view when it changes, the time and speed at most
 * once a second while the clock runs, the theme. The camera is written by CameraInUrl. Nothing is written once the
 * address has left the visualizer (the page stays on screen while the next one loads).
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { addressStillAt, currentSearchParams } from '../../../components/addressParams.ts';
import type { Clock } from '../model/clock.ts';
import type { View } from '../model/layers.ts';
import { PLAIN_THEME } from '../model/themes.ts';
import { SPEED_PARAM, THEME_PARAM, TIME_PARAM, VIEW_PARAM, encodeView } from '../model/urlState.ts';

const TIME_WRITE_MS = 1000;

export function useUrlWriter(view: View, clock: Clock, theme: string): void {
  const [, setSearch] = useSearchParams();
  const [pathname] = useState(() => window.location.pathname);
  // The setter changes with every address change; the clock's writer keeps one subscription and a pending write.
  const setSearchRef = useRef(setSearch);
  useEffect(() => {
    setSearchRef.current = setSearch;
  }, [setSearch]);

  useEffect(() => {
    if (!addressStillAt(pathname)) return;
    const encoded = view.sources.length > 0 ? encodeView(view) : null;
    setSearch(
      () => {
        const params = currentSearchParams();
        if (encoded) params.set(VIEW_PARAM, encoded);
        else params.delete(VIEW_PARAM);
        if (theme !== PLAIN_THEME) params.set(THEME_PARAM, theme);
        else params.delete(THEME_PARAM);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [view, theme, setSearch, pathname]);

  useEffect(() => {
    let last = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      timer = undefined;
      if (!addressStillAt(pathname)) return;
      const { time, speedIndex } = clock.get();
      const next = `${Math.floor(time)}|${speedIndex}`;
      if (next === last) return;
      last = next;
      setSearchRef.current(
        () => {
          const params = currentSearchParams();
          params.set(TIME_PARAM, String(Math.floor(time)));
          params.set(SPEED_PARAM, String(speedIndex));
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    };
    const unsubscribe = clock.subscribe(() => {
      timer ??= setTimeout(write, TIME_WRITE_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [clock, pathname]);
}
