/**
 * Add Stop (spec 2 §2, S): a click on the map adds a stop there — id "Stop-" + 8 random characters, unique, named
 * after its id, not blocking (spec 2 §9) — and selects it.
 */
import { newStop } from '@corridor/changesets';
import type { Handler } from '../../../state/handler.ts';
import { hoverTransit } from './select.ts';

export const addStopHandler: Handler = {
  tool: 'transit/addStop',
  category: 'transit',
  move: hoverTransit,
  click(store, event) {
    const mod = newStop(store.getState().graph, event.lngLat);
    if (!store.perform(mod)) store.select({ type: 'transit-stop', stops: [mod.stop.id] });
  },
};
