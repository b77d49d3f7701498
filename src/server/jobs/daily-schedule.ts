import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { enqueue } from './outbox.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first `hourUtc`:00 UTC strictly after `now`. */
export function nextDailyRun(now: Date, hourUtc: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc);
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/**
 * Queue the next daily run of `topic` (payload `{ day }`, the run's UTC
 * date). The event's dedupe key is the topic and the day, so every replica
 * at start and every run queueing its successor ask for the same one event.
 */
export function scheduleDaily(db: Db, topic: string, hourUtc: number, clock: Clock): Promise<string> {
  const at = nextDailyRun(clock.now(), hourUtc);
  const day = at.toISOString().slice(0, 10);
  return enqueue(db, { topic, payload: { day }, availableAt: at, dedupeKey: `${topic}:${day}` }, clock);
}
