/** Streaming reader for `households_v1.0.xsd` files. */
import { AttributesCollector } from '../common/attributes.ts';
import { putUnique, requiredText, toNumber } from '../common/values.ts';
import { MatsimFormatError } from '../errors.ts';
import type { Input } from '../io/input.ts';
import { expectRoot, readXml, type ReadXmlOptions } from '../xml/sax.ts';
import { emptyHouseholds, type Household, type Households, type IncomePeriod } from './model.ts';

const PERIODS: readonly string[] = ['year', 'month', 'week', 'day', 'hour', 'second'];

export async function readHouseholds(input: Input, options?: ReadXmlOptions): Promise<Households> {
  const result = emptyHouseholds();
  const collector = new AttributesCollector();
  let depth = 0;
  let household: Household | undefined;
  let income: { period: IncomePeriod; currency?: string; text: string } | undefined;

  const inHousehold = (element: string): Household => {
    if (!household) throw new MatsimFormatError('invalid-value', `<${element}> is out of place: it belongs in a <household>.`);
    return household;
  };

  await readXml(
    input,
    {
      open(name, attrs) {
        if (depth++ === 0) {
          expectRoot(name, ['households'], 'households');
          return;
        }
        if (collector.open(name, attrs)) return;
        switch (name) {
          case 'household': {
            const id = requiredText(attrs, 'id', name);
            household = { id, members: [], vehicles: [] };
            putUnique(result.households, id, household, 'household');
            break;
          }
          case 'personId':
            inHousehold(name).members.push(requiredText(attrs, 'refId', name));
            break;
          case 'vehicleDefinitionId':
            inHousehold(name).vehicles.push(requiredText(attrs, 'refId', name));
            break;
          case 'income': {
            inHousehold(name);
            const period = requiredText(attrs, 'period', name);
            if (!PERIODS.includes(period)) {
              throw new MatsimFormatError('invalid-value', `<income> period="${period}" is not one of ${PERIODS.join(', ')}.`);
            }
            income = { period: period as IncomePeriod, text: '' };
            if (attrs.currency !== undefined) income.currency = attrs.currency;
            break;
          }
        }
      },
      text(chunk) {
        if (collector.active) collector.onText(chunk);
        else if (income) income.text += chunk;
      },
      close(name) {
        depth--;
        if (collector.active) {
          const done = collector.close(name);
          if (done && done.size > 0 && household) household.attributes = done;
          return;
        }
        if (name === 'income' && income && household) {
          const { text, ...rest } = income;
          household.income = { value: toNumber(text, 'value', 'income'), ...rest };
          income = undefined;
        } else if (name === 'household') {
          household = undefined;
        }
      },
    },
    options,
  );
  return result;
}
