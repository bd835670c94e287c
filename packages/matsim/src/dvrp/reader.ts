/** Streaming reader for DVRP fleet files (`<vehicles><vehicle id start_link t_0 t_1 capacity/>`). */
import { compact, optionalNumber, putUnique, requiredNumber, requiredText } from '../common/values.ts';
import type { Input } from '../io/input.ts';
import { expectRoot, readXml, type ReadXmlOptions } from '../xml/sax.ts';
import { emptyDvrpFleet, type DvrpFleet } from './model.ts';

export async function readDvrpFleet(input: Input, options?: ReadXmlOptions): Promise<DvrpFleet> {
  const fleet = emptyDvrpFleet();
  let depth = 0;
  await readXml(
    input,
    {
      open(name, attrs) {
        if (depth++ === 0) {
          expectRoot(name, ['vehicles'], 'DVRP fleet');
          return;
        }
        if (name !== 'vehicle') return;
        const id = requiredText(attrs, 'id', name);
        const vehicle = compact({
          id,
          startLink: requiredText(attrs, 'start_link', name),
          t0: requiredNumber(attrs, 't_0', name),
          t1: requiredNumber(attrs, 't_1', name),
          capacity: optionalNumber(attrs, 'capacity', name),
        });
        putUnique(fleet.vehicles, id, vehicle, 'DVRP vehicle');
      },
      close() {
        depth--;
      },
    },
    options,
  );
  return fleet;
}
