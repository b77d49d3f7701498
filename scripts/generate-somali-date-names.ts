/**
 * Writes the Somali names of months, weekdays and the two day periods from the
 * Unicode CLDR package into src/client/lib/somali-date-names.json. Chromium
 * ships no Somali date data in Intl (it formats Somali dates in US English),
 * so `lib/date-format.ts` puts these names in place of the English ones, under
 * the Somali interface only. The JSON is committed; rerun this when the CLDR
 * package is updated:
 *   npx tsx scripts/generate-somali-date-names.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const source = require.resolve('cldr-dates-full/main/so/ca-gregorian.json');
type Width = Record<string, string>;
const gregorian = (
  JSON.parse(readFileSync(source, 'utf8')) as {
    main: {
      so: {
        dates: {
          calendars: {
            gregorian: {
              months: { format: { wide: Width; abbreviated: Width } };
              days: { format: { wide: Width; abbreviated: Width } };
              dayPeriods: { format: { abbreviated: Width } };
            };
          };
        };
      };
    };
  }
).main.so.dates.calendars.gregorian;

const MONTHS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];
/** Sunday first, as `Date.getUTCDay()` counts. */
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const pick = (width: Width, keys: string[]) => keys.map((key) => width[key] as string);

const names = {
  months: {
    long: pick(gregorian.months.format.wide, MONTHS),
    short: pick(gregorian.months.format.abbreviated, MONTHS),
  },
  weekdays: { long: pick(gregorian.days.format.wide, DAYS), short: pick(gregorian.days.format.abbreviated, DAYS) },
  dayPeriods: pick(gregorian.dayPeriods.format.abbreviated, ['am', 'pm']),
};
writeFileSync('src/client/lib/somali-date-names.json', `${JSON.stringify(names, null, 2)}\n`);
console.log('Somali month, weekday and day-period names written');
