/** The device-clock deadline of a quote whose server timer said `timer` when it arrived at `receivedAt`. */
export function localDeadline(timer: { minutes: number; seconds: number }, receivedAt: number): number {
  return receivedAt + (timer.minutes * 60 + timer.seconds) * 1000;
}
