/** New-version notices (SPEC §4 version check). Full implementation lands shortly. */
export function AppUpdate() {
  return null;
}
