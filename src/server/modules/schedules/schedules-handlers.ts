import { schedulesApi } from '../../../domain/contract/schedules.ts';
import { Answer, area } from '../../http/mount-endpoints.ts';
import {
  cancelSchedule,
  createSchedule,
  listSchedules,
  pauseSchedule,
  resumeSchedule,
  skipScheduleRun,
  updateSchedule,
} from './schedule-service.ts';

/** Scheduled and recurring transfers: set up from a transfer, list, change, pause, resume, skip a run, cancel. */
export const schedulesArea = area(schedulesApi, {
  listSchedules: ({ deps, session }) => listSchedules(deps.db, session.customerId),
  createSchedule: async ({ deps, session, body, idempotency }) => {
    const { schedule, created } = await createSchedule(deps, session, body, idempotency);
    return created ? schedule : new Answer(schedule, 200);
  },
  updateSchedule: ({ deps, session, body }) => updateSchedule(deps, session.customerId, body),
  pauseSchedule: ({ deps, session, body }) => pauseSchedule(deps, session.customerId, body.schedule_id),
  resumeSchedule: ({ deps, session, body }) => resumeSchedule(deps, session.customerId, body.schedule_id),
  skipScheduleRun: ({ deps, session, body }) => skipScheduleRun(deps, session.customerId, body),
  cancelSchedule: ({ deps, session, body }) => cancelSchedule(deps, session.customerId, body.schedule_id),
});
