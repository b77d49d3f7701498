import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EuroReferenceRates } from '../../src/domain/disclosures.ts';
import type { EcbReferenceRatesSettings } from '../../src/server/providers/provider-settings.ts';

/** Where the ECB publishes the daily table: `https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml`. */
export const ECB_DAILY_PATH = '/stats/eurofxref/eurofxref-daily.xml';

/**
 * The daily table as the ECB publishes it at `ECB_DAILY_PATH` (its "Euro
 * foreign exchange reference rates" page links the XML): the XML
 * declaration, a GESMES envelope in the gesmes and eurofxref namespaces with
 * its subject and sender, then `Cube` > `Cube time='…'` > one
 * `Cube currency='…' rate='…'` per currency, attributes in single quotes,
 * indented with tabs, in the order the ECB lists them. The namespaces are
 * written out here, not taken from the adapter, so a change to the
 * adapter's cannot pass unnoticed.
 */
export function ecbDailyXml(table: EuroReferenceRates): string {
  const rates = Object.entries(table.perEuro)
    .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${table.date}'>
${rates}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;
}

/** A day of the ECB's table: the 29 currencies it quotes, in its order, with illustrative rates to five significant digits as it gives them. */
export const ECB_TABLE: EuroReferenceRates = {
  date: '2026-11-27',
  perEuro: {
    USD: '1.0547',
    JPY: '162.51',
    CZK: '25.093',
    DKK: '7.4587',
    GBP: '0.83358',
    HUF: '410.68',
    PLN: '4.3218',
    RON: '4.9769',
    SEK: '11.4870',
    CHF: '0.93050',
    ISK: '145.30',
    NOK: '11.6805',
    TRY: '36.5946',
    AUD: '1.6208',
    BRL: '6.2951',
    CAD: '1.4790',
    CNY: '7.6404',
    HKD: '8.2085',
    IDR: '16745.90',
    ILS: '3.8487',
    INR: '89.1205',
    KRW: '1473.51',
    MXN: '21.6213',
    MYR: '4.6848',
    NZD: '1.7927',
    PHP: '62.052',
    SGD: '1.4163',
    THB: '36.357',
    ZAR: '19.1130',
  },
};

/**
 * The ECB's daily table on this machine: `GET ECB_DAILY_PATH` answers the
 * table the test sets, in the published format (`ecbDailyXml`), or `body`
 * as it is while set (a malformed or foreign document), or `status` with an
 * error page. Anything else is 404, as the ECB's site answers.
 */
export class LocalEcb {
  readonly requests: Array<{ method: string; path: string }> = [];
  table: EuroReferenceRates = ECB_TABLE;
  body: string | undefined;
  status = 200;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LocalEcb> {
    let local: LocalEcb | undefined;
    const server = createServer((req, res) => {
      const method = req.method ?? 'GET';
      const path = new URL(req.url ?? '/', 'http://ecb').pathname;
      local?.requests.push({ method, path });
      if (!local || method !== 'GET' || path !== ECB_DAILY_PATH) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      } else if (local.status !== 200) {
        res.writeHead(local.status, { 'content-type': 'text/html' }).end('<html><body>Unavailable</body></html>');
      } else {
        res.writeHead(200, { 'content-type': 'text/xml' }).end(local.body ?? ecbDailyXml(local.table));
      }
    });
    local = new LocalEcb(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return local;
  }

  settings(overrides: Partial<EcbReferenceRatesSettings> = {}): EcbReferenceRatesSettings {
    const { port } = this.server.address() as AddressInfo;
    return { kind: 'ecb', url: `http://127.0.0.1:${port}${ECB_DAILY_PATH}`, refreshSeconds: 3600, ...overrides };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
