import { parseCalendarDate } from '../../../domain/schedules.ts';
import { dateFormat } from '../../lib/date-format.ts';

/** A calendar date (`YYYY-MM-DD`) as the customer reads dates, the day itself whatever their time zone. */
export function calendarDateText(locale: string, date: string): string {
  const day = parseCalendarDate(date);
  return day ? dateFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(day) : date;
}
