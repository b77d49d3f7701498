import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Applicant,
  type ApplicantBuilder,
  type ApplicantUpdater,
  type Check,
  type CheckBuilder,
  CountryCodes,
  type Document,
  type DocumentsList,
  type IdentityEnhancedReport,
  type LivePhoto,
  type LivePhotosList,
  type ModelError,
  type Report,
  type ReportName,
  type ReportsList,
  type SdkToken,
  type SdkTokenBuilder,
  type WebhookEvent,
} from '@onfido/api';
import { onfidoSignature } from '../../src/server/providers/onfido/onfido-webhook.ts';
import type { OnfidoSettings } from '../../src/server/providers/provider-settings.ts';

/** The version path of the API the SDK speaks (`@onfido/api`'s BASE_PATH: `https://api.eu.onfido.com/v3.6`). */
const BASE_PATH = '/v3.6';

export interface OnfidoRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string;
  authorization: string | undefined;
  body: Buffer;
}

interface StoredFile {
  applicantId: string;
  bytes: Buffer;
  contentType: string;
}

type Verdict = Pick<Report, 'result' | 'sub_result'>;

/** What an Identity Enhanced report finds: its result and the breakdown of what its sources matched. */
export type DatabaseFindings = Pick<IdentityEnhancedReport, 'result' | 'sub_result' | 'breakdown'>;

/** An Identity Enhanced report that found the name with the date of birth and with the address: `clear`. */
export const DATABASE_CLEAR: DatabaseFindings = {
  result: 'clear',
  breakdown: {
    sources: {
      result: 'clear',
      breakdown: { total_sources: { result: 'clear', properties: { total_number_of_sources: '3' } } },
    },
    address: {
      result: 'clear',
      breakdown: { credit_agencies: { result: 'clear', properties: { number_of_matches: '2' } } },
    },
    date_of_birth: { result: 'clear', breakdown: { credit_agencies: { result: 'clear', properties: {} } } },
    mortality: { result: 'clear' },
  },
};

/** Onfido's 422 on a request it will not take (its `Error` model). */
const validationError = (message: string, fields: Record<string, unknown> = {}) => ({
  status: 422,
  body: { error: { type: 'validation_error', message, fields } } satisfies ModelError,
});

const COUNTRY_CODES = new Set<string>(Object.values(CountryCodes));

/** A multipart body's text fields and files, enough to read what the SDK uploads. */
function multipartParts(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const delimiter = `--${boundary?.[1] ?? boundary?.[2] ?? ''}`;
  const fields = new Map<string, string>();
  const files = new Map<string, { bytes: Buffer; contentType: string; filename: string }>();
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length + 2;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const part = body.subarray(start, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]+)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename === undefined) fields.set(name, content.toString('utf8'));
    else {
      const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? 'application/octet-stream';
      files.set(name, { bytes: Buffer.from(content), contentType: type, filename });
    }
    at = next;
  }
  return { fields, files };
}

/**
 * Onfido's API v3.6 on this machine, for the adapters driven through
 * Onfido's own Node SDK (`@onfido/api`): no package ships Onfido's OpenAPI
 * document, so the SDK's requests are what Onfido's own code sends, and
 * each answer here is typed by the SDK's models. Every request must carry
 * the API token as `Authorization: Token token=…`, or it answers 401 as
 * Onfido does. The Web SDK's uploads are made with `uploadFromBrowser`;
 * `complete` finishes a check with the reports' results and gives the
 * `check.completed` webhook event, which `sign` signs as Onfido documents
 * (HMAC-SHA256 of the raw body with the webhook token, hex).
 */
export class LocalOnfido {
  readonly requests: OnfidoRequest[] = [];
  readonly apiToken = 'api_sandbox.localtest_0123456789';
  readonly webhookToken = 'whtok_localtest_0123456789abcdef';
  readonly applicants = new Map<string, Applicant>();
  readonly documents = new Map<string, Document & StoredFile>();
  readonly livePhotos = new Map<string, LivePhoto & StoredFile>();
  readonly checks = new Map<string, Check & { report_names: ReportName[]; document_ids: string[] }>();
  readonly reports = new Map<string, Report>();
  /** Onfido's clock, for the times it gives (tests set it to the app's) */
  now: () => Date = () => new Date();
  /** answers every request with this status and an Onfido error body, while set */
  failWith: number | undefined;
  /** what each applicant's Identity Enhanced report finds, by the applicant as it is when the check is made */
  databaseFindings: (applicant: Applicant) => DatabaseFindings = () => DATABASE_CLEAR;
  /** how many times an Identity Enhanced report is asked for before it is complete (0: when its check is created) */
  databaseReportDelay = 0;
  /** while set, an applicant's update is refused with these `fields`, as Onfido refuses a detail it cannot take */
  refusedFields: Record<string, unknown> | undefined;
  private readonly pendingReports = new Map<string, number>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LocalOnfido> {
    let local: LocalOnfido | undefined;
    const server = createServer((req, res) => {
      void local?.receive(req).then(({ status, body, contentType }) => {
        res.writeHead(status, { 'content-type': contentType ?? 'application/json' });
        res.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
      });
    });
    local = new LocalOnfido(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return local;
  }

  settings(overrides: Partial<OnfidoSettings> = {}): OnfidoSettings {
    const { port } = this.server.address() as AddressInfo;
    return {
      kind: 'onfido',
      apiToken: this.apiToken,
      apiBase: `http://127.0.0.1:${port}${BASE_PATH}`,
      webhookTokens: [this.webhookToken],
      referrer: 'https://send.sarraf.example/*',
      ...overrides,
    };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** What the Web SDK does in the browser: the document's sides and the selfie uploaded to the applicant. */
  uploadFromBrowser(applicantId: string, files: { front: Buffer; back?: Buffer; selfie: Buffer }): void {
    const created_at = this.now().toISOString();
    for (const [side, bytes] of [
      ['front', files.front],
      ['back', files.back],
    ] as const) {
      if (!bytes) continue;
      const id = randomUUID();
      this.documents.set(id, {
        id,
        applicant_id: applicantId,
        applicantId,
        side,
        type: 'passport',
        created_at,
        bytes,
        contentType: 'image/jpeg',
      });
    }
    const id = randomUUID();
    this.livePhotos.set(id, { id, created_at, applicantId, bytes: files.selfie, contentType: 'image/png' });
  }

  /** Ends a check with these results, and gives its `check.completed` event's raw body. */
  complete(checkId: string, results: Partial<Record<ReportName, Verdict>>): string {
    const check = this.checks.get(checkId);
    if (!check) throw new Error(`no check ${checkId}`);
    for (const id of check.report_ids ?? []) {
      const report = this.reports.get(id);
      if (!report) continue;
      const verdict = results[report.name];
      if (!verdict) throw new Error(`no result given for the ${report.name} report`);
      this.reports.set(id, { ...report, status: 'complete', ...verdict } as Report);
    }
    const clear = check.report_ids?.every((id) => this.reports.get(id)?.result === 'clear');
    check.status = 'complete';
    check.result = clear ? 'clear' : 'consider';
    const completedAt = this.now().toISOString();
    const event = {
      payload: {
        resource_type: 'check',
        action: 'check.completed',
        object: {
          id: checkId,
          status: 'complete',
          completed_at_iso8601: completedAt,
          href: `${BASE_PATH}/checks/${checkId}`,
        },
      },
    } satisfies WebhookEvent;
    return JSON.stringify(event);
  }

  /** The `X-SHA2-Signature` Onfido sends with `body`. */
  sign(body: string, token = this.webhookToken): string {
    return onfidoSignature(token, body);
  }

  /** An Identity Enhanced report asked for once more: complete with the applicant's findings once its delay has run out. */
  private advanceDatabaseReport(reportId: string): void {
    const left = this.pendingReports.get(reportId);
    const report = this.reports.get(reportId);
    if (left === undefined || !report) return;
    if (left > 0) {
      this.pendingReports.set(reportId, left - 1);
      return;
    }
    this.pendingReports.delete(reportId);
    const check = this.checks.get(report.check_id ?? '');
    const applicant = this.applicants.get(check?.applicant_id ?? '');
    if (!check || !applicant) return;
    const completed: IdentityEnhancedReport = {
      ...(report as IdentityEnhancedReport),
      status: 'complete',
      ...this.databaseFindings(applicant),
    };
    this.reports.set(reportId, { ...completed, name: 'identity_enhanced' });
  }

  private async receive(req: IncomingMessage): Promise<{ status: number; body: unknown; contentType?: string }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://onfido');
    const request: OnfidoRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      contentType: req.headers['content-type'] ?? '',
      authorization: req.headers.authorization,
      body: Buffer.concat(chunks),
    };
    this.requests.push(request);
    if (request.authorization !== `Token token=${this.apiToken}`) {
      return { status: 401, body: { error: { type: 'authorization_error', message: 'Authorization error' } } };
    }
    if (this.failWith)
      return { status: this.failWith, body: { error: { type: 'internal_server_error', message: 'down' } } };
    if (!request.path.startsWith(BASE_PATH)) return { status: 404, body: { error: { type: 'resource_not_found' } } };
    return this.route(request, request.path.slice(BASE_PATH.length));
  }

  private route(request: OnfidoRequest, path: string): { status: number; body: unknown; contentType?: string } {
    const json = () => JSON.parse(request.body.toString('utf8'));
    const now = this.now().toISOString();
    const key = `${request.method} ${path.replace(/\/[0-9a-f-]{36}(?=\/|$)/g, '/{id}')}`;
    const id = /\/([0-9a-f-]{36})(?:\/|$)/.exec(path)?.[1] ?? '';
    switch (key) {
      case 'POST /applicants': {
        const builder = json() as ApplicantBuilder;
        if (!builder.first_name || !builder.last_name)
          return { status: 422, body: { error: { type: 'validation_error' } } };
        const applicant: Applicant = { ...builder, id: randomUUID(), created_at: now, sandbox: true };
        this.applicants.set(applicant.id, applicant);
        return { status: 201, body: applicant };
      }
      case 'PUT /applicants/{id}': {
        const applicant = this.applicants.get(id);
        if (!applicant) return { status: 404, body: { error: { type: 'resource_not_found' } } };
        const updater = json() as ApplicantUpdater;
        if (this.refusedFields)
          return validationError('There was a validation error on this request', this.refusedFields);
        const { address, dob } = updater;
        if (dob !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(dob))
          return validationError('dob', { dob: ['is invalid'] });
        if (address && (!address.postcode || !COUNTRY_CODES.has(address.country))) {
          return validationError('address', { address: { postcode: ["can't be blank"], country: ['is invalid'] } });
        }
        const updated: Applicant = { ...applicant, ...updater };
        this.applicants.set(id, updated);
        return { status: 200, body: updated };
      }
      case 'POST /sdk_token': {
        const builder = json() as SdkTokenBuilder;
        if (!this.applicants.has(builder.applicant_id))
          return { status: 422, body: { error: { type: 'validation_error' } } };
        return { status: 200, body: { token: `sdk.${builder.applicant_id}` } satisfies SdkToken };
      }
      case 'POST /documents':
      case 'POST /live_photos': {
        const { fields, files } = multipartParts(request.body, request.contentType);
        const file = files.get('file');
        const applicantId = fields.get('applicant_id') ?? '';
        if (!file || !this.applicants.has(applicantId))
          return { status: 422, body: { error: { type: 'validation_error' } } };
        const stored = {
          applicantId,
          bytes: file.bytes,
          contentType: file.contentType,
          created_at: now,
          id: randomUUID(),
        };
        if (key === 'POST /live_photos') {
          const photo: LivePhoto = { id: stored.id, created_at: now, file_name: file.filename };
          this.livePhotos.set(stored.id, { ...photo, ...stored });
          return { status: 201, body: photo };
        }
        const document: Document = {
          id: stored.id,
          created_at: now,
          applicant_id: applicantId,
          type: fields.get('type') as Document['type'],
          side: fields.get('side') as Document['side'],
          file_type: file.contentType,
        };
        this.documents.set(stored.id, { ...document, ...stored });
        return { status: 201, body: document };
      }
      case 'GET /documents': {
        const applicantId = request.query.get('applicant_id');
        const documents = [...this.documents.values()]
          .filter((d) => d.applicantId === applicantId)
          .map(({ bytes: _b, applicantId: _a, contentType: _c, ...d }) => d);
        return { status: 200, body: { documents } satisfies DocumentsList };
      }
      case 'GET /live_photos': {
        const applicantId = request.query.get('applicant_id');
        const live_photos = [...this.livePhotos.values()]
          .filter((p) => p.applicantId === applicantId)
          .map(({ bytes: _b, applicantId: _a, contentType: _c, ...p }) => p);
        return { status: 200, body: { live_photos } satisfies LivePhotosList };
      }
      case 'GET /documents/{id}/download':
      case 'GET /live_photos/{id}/download': {
        const file = (key.startsWith('GET /documents') ? this.documents : this.livePhotos).get(id);
        if (!file) return { status: 404, body: { error: { type: 'resource_not_found' } } };
        return { status: 200, body: file.bytes, contentType: file.contentType };
      }
      case 'POST /checks': {
        const builder = json() as CheckBuilder;
        const applicant = this.applicants.get(builder.applicant_id);
        if (!applicant || builder.report_names.length === 0) {
          return { status: 422, body: { error: { type: 'validation_error' } } };
        }
        if (builder.report_names.includes('identity_enhanced') && !applicant.address) {
          return validationError('The applicant needs an address for an identity_enhanced report', {
            address: ["can't be blank"],
          });
        }
        const checkId = randomUUID();
        const reportIds = builder.report_names.map((name) => {
          const report = {
            id: randomUUID(),
            name,
            status: 'awaiting_data',
            check_id: checkId,
            created_at: now,
          } as Report;
          this.reports.set(report.id, report);
          if (name === 'identity_enhanced') this.pendingReports.set(report.id, this.databaseReportDelay);
          return report.id;
        });
        const check = {
          id: checkId,
          applicant_id: builder.applicant_id,
          created_at: now,
          status: 'in_progress' as const,
          report_ids: reportIds,
          report_names: builder.report_names,
          document_ids: builder.document_ids ?? [],
        };
        this.checks.set(checkId, check);
        // Onfido answers a synchronous check once its reports are complete; ours may take longer, as the test says
        if (builder.asynchronous === false) for (const reportId of reportIds) this.advanceDatabaseReport(reportId);
        const { report_names: _n, document_ids: _d, ...answer } = check;
        return { status: 201, body: answer satisfies Check };
      }
      case 'GET /reports': {
        const check = this.checks.get(request.query.get('check_id') ?? '');
        if (!check) return { status: 404, body: { error: { type: 'resource_not_found' } } };
        const reports = (check.report_ids ?? []).flatMap((reportId) => this.reports.get(reportId) ?? []);
        return { status: 200, body: { reports } satisfies ReportsList };
      }
      case 'GET /reports/{id}': {
        this.advanceDatabaseReport(id);
        const report = this.reports.get(id);
        return report
          ? { status: 200, body: report }
          : { status: 404, body: { error: { type: 'resource_not_found' } } };
      }
      default:
        return { status: 404, body: { error: { type: 'resource_not_found', message: `${key} is not served here` } } };
    }
  }
}
