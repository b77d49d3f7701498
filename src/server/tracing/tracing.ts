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
  /** the spans still queued sent, then the SDK stopped */
  shutdown(): Promise<void>;
}
