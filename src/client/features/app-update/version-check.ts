import { enums, type Infer, object, size, string } from 'superstruct';

/** /version.json as the build emits it (SPEC §3 version file). */
export const VersionFile = object({
  version: size(string(), 1, 64),
  version_update: enums(['major', 'minor']),
});
export type VersionFile = Infer<typeof VersionFile>;

export type UpdateKind = 'none' | 'major' | 'minor';

/** SPEC §4: the same version needs nothing; a different one is the kind of update the server declares. */
export function compareVersion(current: string, remote: VersionFile): UpdateKind {
  return remote.version === current ? 'none' : remote.version_update;
}

/** What the customer is being shown, and which release it was about. */
export interface UpdateNotice {
  showing: UpdateKind;
  /** The last remote version announced, so a minor notice appears once per release. */
  announced: string | undefined;
}

export const NO_NOTICE: UpdateNotice = { showing: 'none', announced: undefined };

/**
 * The notice after a poll: a major update blocks until the refresh; a minor
 * one is announced once per release (and hides itself after a while).
 */
export function noticeAfterPoll(notice: UpdateNotice, current: string, remote: VersionFile): UpdateNotice {
  if (notice.showing === 'major') return notice;
  const kind = compareVersion(current, remote);
  if (kind === 'none') return NO_NOTICE;
  if (kind === 'minor' && notice.announced === remote.version) return notice;
  return { showing: kind, announced: remote.version };
}

/** The minor notice's time is up; the release stays announced. */
export function noticeHidden(notice: UpdateNotice): UpdateNotice {
  return notice.showing === 'minor' ? { ...notice, showing: 'none' } : notice;
}
