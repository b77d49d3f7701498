import { schedulesApi } from '../../../domain/contract/schedules.ts';
import { primeEndpoint } from '../../lib/api/primed-answers.ts';

/** The schedules card's list, asked for as its page resolves (the route's loader, `askOnLoad`) or the card first renders, as `SchedulesCard` loads it. */
export function askAnswers(): void {
  primeEndpoint(schedulesApi.listSchedules, {});
}
