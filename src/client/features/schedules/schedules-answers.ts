import { schedulesApi } from '../../../domain/contract/schedules.ts';
import { primeEndpoint } from '../../lib/api/primed-answers.ts';

/** The schedules card's list, asked for as its page resolves (the route's loader, `askOnLoad`), as `SchedulesCard` loads it. */
export function askSchedulesAnswers(): void {
  primeEndpoint(schedulesApi.listSchedules, {});
}
