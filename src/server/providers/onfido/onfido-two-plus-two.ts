import type { AddressBuilder, CountryCodes, DefaultApi, Report } from '@onfido/api';
import type { Clock } from '../../clock.ts';
import type { CheckedPerson, TwoPlusTwoProvider, TwoPlusTwoRefusal } from '../two-plus-two/two-plus-two-provider.ts';
import { applicantFor } from './onfido-applicants.ts';
import { DATABASE_REPORTS, databaseVerdict } from './onfido-verdicts.ts';

/** Our source countries (ISO 3166-1 alpha-2) as Onfido names an address's country (alpha-3). */
const ONFIDO_COUNTRIES: Readonly<Record<string, (typeof CountryCodes)[keyof typeof CountryCodes]>> = {
  SE: 'SWE',
  GB: 'GBR',
  BE: 'BEL',
  DK: 'DNK',
  PL: 'POL',
  NO: 'NOR',
  IT: 'ITA',
  FR: 'FRA',
  CA: 'CAN',
  CH: 'CHE',
  HR: 'HRV',
  US: 'USA',
};

/** How long the check may take to answer, and how often its report is asked for meanwhile. */
export interface DatabaseCheckWait {
  timeoutMs: number;
  pollMs: number;
}

const DEFAULT_WAIT: DatabaseCheckWait = { timeoutMs: 30_000, pollMs: 2_000 };

/** The applicant's fields Onfido may refuse, by the detail the customer corrects. */
const DETAILS_BY_FIELD: Readonly<Record<string, 'name' | 'date_of_birth' | 'street' | 'postcode'>> = {
  first_name: 'name',
  last_name: 'name',
  dob: 'date_of_birth',
  postcode: 'postcode',
  street: 'street',
  building_number: 'street',
  building_name: 'street',
  flat_number: 'street',
  sub_street: 'street',
  line1: 'street',
  town: 'street',
  state: 'street',
};

/** Every key of Onfido's `fields` (nested as the address's are), depth first. */
function fieldNames(fields: unknown): string[] {
  if (Array.isArray(fields)) return fields.flatMap(fieldNames);
  if (typeof fields !== 'object' || fields === null) return [];
  return Object.entries(fields).flatMap(([key, value]) => [key, ...fieldNames(value)]);
}

/**
 * Onfido's refusal of the details, as SPEC §8 says it: a `validation_error`
 * (422) on a detail the customer gives is InvalidInformation on that detail;
 * any other 422 (a country or detail the report cannot check) is
 * CantProceedWithProvidedDetails. Undefined for anything else (an outage,
 * our own token or request), which is thrown on.
 */
export function refusalOf(error: unknown): TwoPlusTwoRefusal | undefined {
  const response = (error as { response?: { status?: number; data?: unknown } } | null)?.response;
  if (response?.status !== 422) return undefined;
  const body = (response.data ?? {}) as { error?: { type?: string; fields?: unknown } };
  if (body.error?.type === 'validation_error') {
    const detail = fieldNames(body.error.fields)
      .map((name) => DETAILS_BY_FIELD[name])
      .find((found) => found !== undefined);
    if (detail) return { refused: 'InvalidInformation', detail };
  }
  return { refused: 'CantProceedWithProvidedDetails' };
}

/** The customer's address as Onfido takes it: the street as given, the town, the state where there is one. */
function addressOf(person: CheckedPerson, country: AddressBuilder['country']): AddressBuilder {
  return {
    street: person.street,
    postcode: person.postcode,
    country,
    ...(person.city ? { town: person.city } : {}),
    ...(person.province && country === 'USA' ? { state: person.province } : {}),
  };
}

/**
 * `TWO_PLUS_TWO=onfido`: the database check is a check with an Identity
 * Enhanced report on the customer's applicant (the one the screening and
 * documents use), its name, date of birth and address set to the details
 * checked. The check is created synchronous (`asynchronous: false`: Onfido
 * answers once its reports are complete), so the automatic checks decide
 * at once as with the sandbox; a report that is still not complete is asked
 * for again until `wait.timeoutMs`, then the check throws (no finding). Its
 * `check.completed` webhook finds no check of ours to collect. A country
 * Onfido is not asked about, and Onfido's refusals of the details, are
 * SPEC §8's refusals (`refusalOf`).
 */
export function onfidoTwoPlusTwo(api: DefaultApi, clock: Clock, wait = DEFAULT_WAIT): TwoPlusTwoProvider {
  /** The reports' findings, once complete: asked for again every `pollMs` until then, for `timeoutMs` at most. */
  async function findings(reports: Report[]): Promise<{ identity: boolean; address: boolean }> {
    const deadline = clock.now().getTime() + wait.timeoutMs;
    let current = reports;
    for (;;) {
      const verdict = databaseVerdict(current);
      if (verdict) return verdict;
      if (clock.now().getTime() >= deadline) throw new Error('Onfido did not complete the database check in time');
      await clock.sleep(wait.pollMs);
      current = await Promise.all(current.map(async (report) => (await api.findReport(report.id)).data));
    }
  }

  return {
    async check(person, { customerReference, trx }) {
      const country = ONFIDO_COUNTRIES[person.country.toUpperCase()];
      if (!country) return { refused: 'CantProceedWithProvidedDetails' };
      try {
        const applicantId = await applicantFor(trx, api, clock, { ...person, customerReference });
        await api.updateApplicant(applicantId, {
          first_name: person.firstName,
          last_name: person.lastName,
          dob: person.dateOfBirth,
          address: addressOf(person, country),
        });
        const { data: check } = await api.createCheck({
          applicant_id: applicantId,
          report_names: [...DATABASE_REPORTS],
          asynchronous: false,
        });
        const { data } = await api.listReports(check.id);
        return await findings(data.reports);
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) return refusal;
        throw error;
      }
    },
  };
}
