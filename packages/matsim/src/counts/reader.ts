/** Streaming reader for counts v1 and v2; the version comes from the root's schema location, else the content. */
import { AttributesCollector, type Attributes } from '../common/attributes.ts';
import {
  compact,
  optionalInteger,
  optionalNumber,
  requiredNumber,
  requiredText,
  toInteger,
} from '../common/values.ts';
import { MatsimFormatError } from '../errors.ts';
import type { Input } from '../io/input.ts';
import { expectRoot, readXml, type ReadXmlOptions, type XmlAttributes } from '../xml/sax.ts';
import type { Counts, CountStation, Measurable, MeasurementLocation } from './model.ts';

export async function readCounts(input: Input, options?: ReadXmlOptions): Promise<Counts> {
  let root: XmlAttributes = {};
  let version: 1 | 2 | undefined;
  let year: number | undefined;
  let rootAttributes: Attributes | undefined;
  const stations: CountStation[] = [];
  const locations: MeasurementLocation[] = [];
  const collector = new AttributesCollector();
  let depth = 0;
  let station: CountStation | undefined;
  let location: MeasurementLocation | undefined;
  let measurable: Measurable | undefined;

  const settle = (found: 1 | 2, element: string) => {
    if (stations.length + locations.length === 0) version = found;
    else if (version !== found) {
      throw new MatsimFormatError('invalid-value', `<${element}> mixes counts v1 and v2 elements in one file.`);
    }
  };

  const open = (name: string, attrs: XmlAttributes) => {
    switch (name) {
      case 'count':
        settle(1, name);
        station = compact({
          linkId: requiredText(attrs, 'loc_id', name),
          stationId: requiredText(attrs, 'cs_id', name),
          x: optionalNumber(attrs, 'x', name),
          y: optionalNumber(attrs, 'y', name),
          volumes: [],
        });
        stations.push(station);
        break;
      case 'volume':
        if (!station) throw new MatsimFormatError('invalid-value', '<volume> is out of place: it belongs in a <count>.');
        station.volumes.push({
          hour: toInteger(requiredText(attrs, 'h', name), 'h', name),
          value: requiredNumber(attrs, 'val', name),
        });
        break;
      case 'location':
        settle(2, name);
        location = compact({
          // Some MATSim versions wrote and read `refId` instead of `id`.
          id: attrs.id ?? requiredText(attrs, 'refId', name),
          stationName: attrs.name,
          description: attrs.description,
          x: optionalNumber(attrs, 'x', name),
          y: optionalNumber(attrs, 'y', name),
          measurables: [],
        });
        locations.push(location);
        break;
      case 'measurements':
        if (!location) throw new MatsimFormatError('invalid-value', '<measurements> is out of place.');
        measurable = {
          type: requiredText(attrs, 'type', name),
          mode: attrs.mode ?? requiredText(attrs, 'networkMode', name),
          interval: toInteger(requiredText(attrs, 'interval', name), 'interval', name),
          values: [],
        };
        location.measurables.push(measurable);
        break;
      case 'value':
        if (!measurable) throw new MatsimFormatError('invalid-value', '<value> is out of place.');
        measurable.values.push({
          time: toInteger(requiredText(attrs, 't', name), 't', name),
          value: requiredNumber(attrs, 'val', name),
        });
        break;
    }
  };

  await readXml(
    input,
    {
      open(name, attrs) {
        if (depth++ === 0) {
          expectRoot(name, ['counts'], 'counts');
          root = attrs;
          version = versionHint(attrs);
          year = optionalInteger(attrs, 'year', name);
          return;
        }
        if (!collector.open(name, attrs)) open(name, attrs);
      },
      text(chunk) {
        if (collector.active) collector.onText(chunk);
      },
      close(name) {
        depth--;
        if (collector.active) {
          const done = collector.close(name);
          if (done && done.size > 0) {
            if (location) location.attributes = done;
            else rootAttributes = done;
          }
          return;
        }
        if (name === 'count') station = undefined;
        else if (name === 'location') location = undefined;
        else if (name === 'measurements') measurable = undefined;
      },
    },
    options,
  );

  if ((version ?? 2) === 1) {
    return compact({ version: 1 as const, name: root.name, description: root.desc, year, layer: root.layer, stations });
  }
  return compact({
    version: 2 as const,
    name: root.name,
    description: root.description,
    source: root.source,
    year,
    attributes: rootAttributes,
    locations,
  });
}

function versionHint(attrs: XmlAttributes): 1 | 2 | undefined {
  const schema = `${attrs['xsi:schemaLocation'] ?? ''} ${attrs['xsi:noNamespaceSchemaLocation'] ?? ''}`;
  if (schema.includes('counts_v1')) return 1;
  if (schema.includes('counts_v2')) return 2;
  if ('desc' in attrs || 'layer' in attrs) return 1;
  return undefined;
}
