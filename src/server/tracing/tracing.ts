/**
 * What the app asks of tracing while it runs (`start-tracing.ts` makes one when TRACING=otlp). A type only: the
 * app never imports OpenTelemetry itself, so with tracing off none of it is loaded.
 */
export interface Tracing {
  /**
   * The current call's span named after its endpoint-table entry (`area.name`, `other` for a path no entry has),
   * never its path, which carries ids; `route` is the entry's path template, with `:parameters`.
   */
  nameCall(endpoint: string, route: string | undefined): void;
  /**
   * `run` inside a span of its own named `name` (`outbox message.send`): a job the outbox worker runs, with the
   * queries and provider calls it makes as its children. Its own trace, whatever the worker was doing before.
   */
  runJob<T>(name: string, run: () => Promise<T>): Promise<T>;
  /** the spans still queued sent, then the SDK stopped */
  shutdown(): Promise<void>;
}
