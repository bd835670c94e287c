/**
 * The address's query as it is now. React Router's functional `setSearchParams(fn)` hands `fn` the params of the
 * hook's last render, so two writers of one address (the visualizer's view and clock, the map's camera) would write
 * each other's older values back. A writer that changes only its own parameters starts from these instead.
 */
export function currentSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/** The address's query as it is now, with one parameter set. */
export function currentSearchWith(name: string, value: string): URLSearchParams {
  const params = currentSearchParams();
  params.set(name, value);
  return params;
}

/**
 * True while the address still shows the page at `pathname` (taken from `window.location.pathname` when the page
 * opened). A page being left stays on screen while the next page loads, and its writers would put their query
 * onto the next page's address (the runs page kept the visualizer's `?t=…&sp=…`): they write only while this holds.
 */
export function addressStillAt(pathname: string): boolean {
  return window.location.pathname === pathname;
}
