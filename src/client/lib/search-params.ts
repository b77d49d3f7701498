/**
 * The router parses query values as JSON where it can (`?params=123` arrives
 * as the number 123): read a query value back as text, or undefined when absent.
 */
export function searchText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
