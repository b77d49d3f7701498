import { ConfigProblems } from '../provider-settings.ts';

/**
 * Where errors are reported (ERROR_REPORTING): `off` by default, or a
 * Sentry-compatible collector (Sentry, GlitchTip) at `SENTRY_DSN`, from the
 * server and from the browser. With `sentry`, the browser reports there
 * instead of to ERROR_REPORTING_URL, so the two are not set together.
 */
export type ErrorReportingSettings = { kind: 'off' } | SentrySettings;

export interface SentrySettings {
  kind: 'sentry';
  /** `https://<public key>@<host>/<project id>`: public (the browser reports with it too) */
  dsn: string;
  /** the DSN's origin: the page's `connect-src` lets it in */
  origin: string;
  /** `production` or `development`, as SARRAF_ENV says */
  environment: string;
}

/** A DSN as Sentry and GlitchTip give it: a public key as the user, a numeric project id last in the path. */
function dsnProblem(value: string): string | undefined {
  const url = URL.parse(value);
  const fits =
    url !== null &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username !== '' &&
    url.password === '' &&
    /\/\d+$/.test(url.pathname) &&
    url.search === '' &&
    url.hash === '';
  return fits ? undefined : 'SENTRY_DSN must be a DSN such as https://<public key>@o0.ingest.sentry.io/<project id>';
}

export function errorReportingFrom(env: NodeJS.ProcessEnv): ErrorReportingSettings {
  const choice = env.ERROR_REPORTING?.trim() || 'off';
  if (choice === 'off') return { kind: 'off' };
  if (choice !== 'sentry') throw new ConfigProblems([`ERROR_REPORTING must be off or sentry, not '${choice}'`]);
  const dsn = env.SENTRY_DSN?.trim();
  const problems: string[] = [];
  if (!dsn) problems.push('SENTRY_DSN must be set (the collector ERROR_REPORTING=sentry reports to)');
  else {
    const problem = dsnProblem(dsn);
    if (problem) problems.push(problem);
  }
  if (env.ERROR_REPORTING_URL?.trim() && env.ERROR_REPORTING_URL.trim() !== 'off') {
    problems.push('ERROR_REPORTING_URL must be unset with ERROR_REPORTING=sentry (the browser reports to SENTRY_DSN)');
  }
  if (problems.length > 0 || !dsn) throw new ConfigProblems(problems);
  return {
    kind: 'sentry',
    dsn,
    origin: new URL(dsn).origin,
    environment: env.SARRAF_ENV === 'production' ? 'production' : 'development',
  };
}
