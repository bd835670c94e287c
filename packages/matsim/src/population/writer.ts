/**
 * Population writer in MATSim's layout: v6 (`PopulationWriterHandlerImplV6`) by default, or v4
 * (`PopulationWriterHandlerImplV4`) to write a plans_v4 file back in its own format. It takes a whole population
 * or a stream of persons (from `streamPersons`), so a huge file can be rewritten person by person.
 *
 * Times are written as the file had them while they still mean the same value, else as `HH:MM:SS`; numbers as
 * Java doubles. Neither format holds everything the other does, so writing across versions drops what the target
 * DTD lacks: v6 cannot hold v4 node routes (an error: they need the network to become link routes) nor the v4
 * `extra` attributes; v4 has no attribute blocks, `z`, route types, link routes (an error) or vehicles.
 */
import { writeAttributes, type Attributes } from '../common/attributes.ts';
import { formatJavaDouble } from '../common/numbers.ts';
import { timeText } from '../common/time-text.ts';
import { MatsimFormatError } from '../errors.ts';
import { XML_PROLOG, escapeXmlText, matsimDoctype, xmlAttributes } from '../xml/writer.ts';
import type { Activity, Leg, Person, Plan, Population, PopulationHeader, Route } from './model.ts';

export type PopulationWriteVersion = 'v4' | 'v6';

export interface WritePopulationOptions {
  /** Default `v6`. */
  version?: PopulationWriteVersion;
  /** For a stream of persons: the header read with them (`streamPersons`' `onHeader`). */
  header?: PopulationHeader;
}

type Pair = readonly [string, string | undefined];

const SEPARATOR = '<!-- ====================================================================== -->\n\n';
const UTF8_PROLOG = XML_PROLOG.replace('UTF-8', 'utf-8');

export async function* writePopulation(
  source: Population | AsyncIterable<Person> | Iterable<Person>,
  options: WritePopulationOptions = {},
): AsyncGenerator<string, void, undefined> {
  const version = options.version ?? 'v6';
  const population = isPopulation(source) ? source : undefined;
  const header: PopulationHeader = population ?? options.header ?? { version };
  const persons = population ? population.persons.values() : (source as AsyncIterable<Person> | Iterable<Person>);
  const writer = new PersonWriter(version, (header.version === 'v4') === (version === 'v4'));

  yield UTF8_PROLOG;
  if (version === 'v4') {
    yield matsimDoctype('plans', 'plans_v4.dtd') + '\n';
    yield `<plans${xmlAttributes([['name', header.desc], ...writer.extra(header.extra)])}>\n\n`;
  } else {
    yield matsimDoctype('population', 'population_v6.dtd') + '\n';
    yield `<population${xmlAttributes([['desc', header.desc], ...writer.extra(header.extra)])}>\n\n`;
    yield `${writeAttributes(header.attributes, '\t')}\n\n`;
  }
  yield SEPARATOR;
  for await (const person of persons) yield writer.person(person);
  yield version === 'v4' ? '</plans>\n' : '</population>\n';
}

class PersonWriter {
  constructor(
    private readonly version: PopulationWriteVersion,
    /** Whether `extra` attributes belong to the target format (same version family as the source). */
    private readonly withExtras: boolean,
  ) {}

  private get v4(): boolean {
    return this.version === 'v4';
  }

  extra(extra: Record<string, string> | undefined): Pair[] {
    return extra && this.withExtras ? Object.entries(extra) : [];
  }

  private attributes(attributes: Attributes | undefined, indent: string): string {
    return this.v4 ? '' : writeAttributes(attributes, indent);
  }

  person(person: Person): string {
    const pairs: Pair[] = [
      ['id', person.id],
      ['sex', person.sex],
      ['age', person.age === undefined ? undefined : String(person.age)],
      ['license', person.license],
      ['car_avail', person.carAvail],
      ['employed', person.employed],
      ...this.extra(person.extra),
    ];
    let out = `\t<person${xmlAttributes(pairs)}>\n${this.attributes(person.attributes, '\t\t')}`;
    for (const plan of person.plans) out += this.plan(plan);
    return `${out}\t</person>\n\n${SEPARATOR}`;
  }

  private plan(plan: Plan): string {
    const pairs: Pair[] = [
      ['score', optionalDouble(plan.score)],
      ['selected', plan.selected ? 'yes' : 'no'],
      ['type', plan.type],
      ...this.extra(plan.extra),
    ];
    // MATSim indents plan attributes one level deeper than their siblings; kept for identical output.
    let out = `\t\t<plan${xmlAttributes(pairs)}>\n${this.attributes(plan.attributes, '\t\t\t\t')}`;
    for (const element of plan.elements) out += element.kind === 'activity' ? this.activity(element) : this.leg(element);
    return `${out}\t\t</plan>\n\n`;
  }

  private activity(activity: Activity): string {
    const times = activity.timeText;
    const pairs: Pair[] = [
      ['type', activity.type],
      ['link', activity.link],
      ['facility', activity.facility],
      ['x', optionalDouble(activity.x)],
      ['y', optionalDouble(activity.y)],
      ['z', this.v4 ? undefined : optionalDouble(activity.z)],
      ['start_time', timeText(activity.startTime, times?.startTime)],
      [this.v4 ? 'dur' : 'max_dur', timeText(activity.maxDur, times?.maxDur)],
      ['end_time', timeText(activity.endTime, times?.endTime)],
      ...this.extra(activity.extra),
    ];
    if (this.v4) return `\t\t\t<act${xmlAttributes(pairs)} />\n`;
    return `\t\t\t<activity${xmlAttributes(pairs)} >\n${this.attributes(activity.attributes, '\t\t\t\t')}\t\t\t</activity>\n`;
  }

  private leg(leg: Leg): string {
    const pairs: Pair[] = [
      ['mode', leg.mode],
      ['dep_time', timeText(leg.depTime, leg.timeText?.depTime)],
      ['trav_time', timeText(leg.travTime, leg.timeText?.travTime)],
      ...this.extra(leg.extra),
    ];
    const route = leg.route ? this.route(leg.route) : '';
    return `\t\t\t<leg${xmlAttributes(pairs)}>\n${this.attributes(leg.attributes, '\t\t\t\t')}${route}\t\t\t</leg>\n`;
  }

  private route(route: Route): string {
    const travTime = timeText(route.travTime, route.timeText?.travTime);
    if (this.v4) {
      if (route.type === 'links') throw crossVersion('a v6 link route cannot be written as a v4 node route');
      const pairs: Pair[] = [['dist', optionalDouble(route.distance)], ['trav_time', travTime], ...this.extra(route.extra)];
      return `\t\t\t\t<route${xmlAttributes(pairs)}>\n\t\t\t\t\t${escapeXmlText(route.description)} \n\t\t\t\t</route>\n`;
    }
    if (route.nodeRoute) {
      throw crossVersion('a v4 car route lists nodes; converting it to a v6 link route needs the network');
    }
    const pairs: Pair[] = [
      ['type', route.type],
      ['start_link', route.startLink],
      ['end_link', route.endLink],
      ['trav_time', travTime],
      ['distance', optionalDouble(route.distance)],
      ['vehicleRefId', route.vehicleRefId],
      ...this.extra(route.extra),
    ];
    return `\t\t\t\t<route${xmlAttributes(pairs)}>${escapeXmlText(route.description)}</route>\n`;
  }
}

function isPopulation(source: object): source is Population {
  return 'persons' in source && source.persons instanceof Map;
}

function optionalDouble(value: number | undefined): string | undefined {
  return value === undefined ? undefined : formatJavaDouble(value);
}

function crossVersion(why: string): MatsimFormatError {
  return new MatsimFormatError('invalid-value', `Cannot write this population in that version: ${why}.`);
}
