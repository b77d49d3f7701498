import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SmtpSettings } from '../../src/server/providers/provider-settings.ts';

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO, as the client gave them */
  envelope: { from: string | false; to: string[] };
  /** who logged in, and whether the session ran over TLS when the message came */
  user: string | undefined;
  secure: boolean;
  raw: string;
  parsed: ParsedMail;
}

/** A self-signed certificate for localhost and 127.0.0.1, made with the system's openssl for one run. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'smtp-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A real SMTP server on this machine (`smtp-server`, by nodemailer's
 * authors): STARTTLS with its own certificate, a login required (PLAIN or
 * LOGIN, only over TLS), every accepted message kept and parsed with
 * `mailparser`.
 */
export class LocalSmtpServer {
  readonly received: ReceivedMail[] = [];
  readonly user = 'sarraf-relay';
  readonly password = 'relay-password-1';
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly certificate: string,
  ) {}

  /** `offerTls: false` hides STARTTLS, as a misconfigured relay (or a man in the middle stripping it) would. */
  static async start(options: { offerTls?: boolean } = {}): Promise<LocalSmtpServer> {
    const { key, cert } = selfSignedCertificate();
    let local: LocalSmtpServer | undefined;
    const server = new SMTPServer({
      key,
      cert,
      secure: false,
      disabledCommands: options.offerTls === false ? ['STARTTLS'] : [],
      allowInsecureAuth: options.offerTls === false,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === local?.user && auth.password === local?.password) {
          callback(null, { user: auth.username });
        } else {
          callback(new Error('Invalid username or password'));
        }
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              local?.received.push({
                envelope: {
                  from: session.envelope.mailFrom ? session.envelope.mailFrom.address : false,
                  to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                },
                user: session.user,
                secure: session.secure,
                raw,
                parsed,
              });
              for (const wake of local?.waiters.splice(0) ?? []) wake();
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    local = new LocalSmtpServer(server, cert);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return local;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  /** Settings for the SMTP adapter that reach this server: STARTTLS trusting its certificate, its login. */
  settings(overrides: Partial<SmtpSettings> = {}): SmtpSettings {
    return {
      kind: 'smtp',
      host: 'localhost',
      port: this.port,
      tls: 'starttls',
      tlsCa: this.certificate,
      auth: { user: this.user, pass: this.password },
      from: 'Sarraf <no-reply@send.sarraf.example>',
      poolSize: 2,
      ...overrides,
    };
  }

  /** The newest message to `to`, waiting up to `ms` for it. */
  async messageTo(to: string, ms = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.received.findLast((mail) => mail.envelope.to.includes(to));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no e-mail reached the SMTP server for ${to}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
