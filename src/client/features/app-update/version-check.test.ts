import { describe, expect, it } from 'vitest';
import { compareVersion, NO_NOTICE, noticeAfterPoll, noticeHidden, type VersionFile } from './version-check.ts';

const minor = (version: string): VersionFile => ({ version, version_update: 'minor' });
const major = (version: string): VersionFile => ({ version, version_update: 'major' });

describe('compareVersion', () => {
  it('needs nothing when the deployed version is the running one, whatever its kind', () => {
    expect(compareVersion('10.54.0', minor('10.54.0'))).toBe('none');
    expect(compareVersion('10.54.0', major('10.54.0'))).toBe('none');
  });

  it('takes the kind the server declares for a different version', () => {
    expect(compareVersion('10.54.0', minor('10.55.0'))).toBe('minor');
    expect(compareVersion('10.54.0', major('11.0.0'))).toBe('major');
  });

  it('treats a rollback to an older release as an update too', () => {
    expect(compareVersion('10.55.0', major('10.54.0'))).toBe('major');
  });
});

describe('the notice across polls', () => {
  it('announces a minor release once, even though every poll sees it again', () => {
    const shown = noticeAfterPoll(NO_NOTICE, '1.0.0', minor('1.1.0'));
    expect(shown.showing).toBe('minor');
    const hidden = noticeHidden(shown);
    expect(hidden.showing).toBe('none');
    expect(noticeAfterPoll(hidden, '1.0.0', minor('1.1.0')).showing).toBe('none');
  });

  it('announces the next minor release after the previous one was hidden', () => {
    const hidden = noticeHidden(noticeAfterPoll(NO_NOTICE, '1.0.0', minor('1.1.0')));
    expect(noticeAfterPoll(hidden, '1.0.0', minor('1.2.0'))).toEqual({ showing: 'minor', announced: '1.2.0' });
  });

  it('keeps a major notice up: later polls and the minor timer never lift it', () => {
    const blocking = noticeAfterPoll(NO_NOTICE, '1.0.0', major('2.0.0'));
    expect(blocking.showing).toBe('major');
    expect(noticeAfterPoll(blocking, '1.0.0', minor('2.0.1')).showing).toBe('major');
    expect(noticeAfterPoll(blocking, '1.0.0', minor('1.0.0')).showing).toBe('major');
    expect(noticeHidden(blocking).showing).toBe('major');
  });

  it('turns a showing minor notice into a blocking one when a major release follows', () => {
    const shown = noticeAfterPoll(NO_NOTICE, '1.0.0', minor('1.1.0'));
    expect(noticeAfterPoll(shown, '1.0.0', major('2.0.0'))).toEqual({ showing: 'major', announced: '2.0.0' });
  });

  it('shows nothing when the server is back on the running version', () => {
    const shown = noticeAfterPoll(NO_NOTICE, '1.0.0', minor('1.1.0'));
    expect(noticeAfterPoll(shown, '1.0.0', minor('1.0.0'))).toEqual(NO_NOTICE);
  });
});
