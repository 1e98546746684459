/**
 * A local stand-in for KSeF API 2.0, answering the endpoints `ksef-client-ts` calls to send invoices, as the
 * Ministry's published API describes them: public key certificates, challenge, KSeF token authentication, access token,
 * online session opened with an AES-256 key wrapped for KSeF's public key (RSA-OAEP, SHA-256), the encrypted invoice,
 * per-invoice and session status, closing, and the UPO receipt. It holds its own RSA key pair and certificate in place
 * of the Ministry's, decrypts what it receives, checks both hashes and the FA(3) schema, and answers as KSeF does: a
 * KSeF number, a refusal with reasons (450 for an invoice the schema refuses, 440 for a duplicate of an accepted one,
 * naming the original), or nothing at all while it is told to be down.
 */
import {
  createDecipheriv,
  createHash,
  privateDecrypt,
  randomBytes,
  randomUUID,
  constants,
  X509Certificate,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CertificateService } from 'ksef-client-ts';
import { fa3Problems, loadFa3Schema } from '../../server/invoices/fa3/fa3-schema.js';
import { ksefNumberFor, problem, readBody, reference, send, upoOf } from './ksef-stand-in-answers.js';

export interface ReceivedInvoice {
  sessionReference: string;
  reference: string;
  xml: string;
  /** SHA-256 of the XML, base64, as KSeF computes it. */
  hash: string;
  /** Sent as issued offline (the request's `offlineMode`). */
  offlineMode: boolean;
  /** 200 accepted, 440 duplicate, 450 refused by the schema. */
  status: { code: number; description: string; details?: string[]; extensions?: Record<string, string> };
  ksefNumber: string | null;
  upo: string | null;
}

/** How the stand-in misbehaves: `down` drops every connection unanswered, `error` answers 503. */
export type StandInOutage = 'down' | 'error' | null;

interface Session {
  aesKey: Buffer;
  iv: Buffer;
  nip: string;
  closed: boolean;
  invoices: ReceivedInvoice[];
}

export class KsefStandIn {
  /** Every invoice that arrived, in order, duplicates and refusals included. */
  readonly received: ReceivedInvoice[] = [];
  outage: StandInOutage = null;
  /** Accept the next N invoices, then drop the connection before answering (a crash of the line after KSeF took it). */
  dropAnswersAfterAccepting = 0;
  /** While set, an accepted invoice's answer waits for this promise (a test kills the sender meanwhile). */
  holdAnswers: Promise<void> | null = null;
  /** How many status queries an invoice answers "processing" (100) before its outcome. */
  processingPolls = 1;
  #server: Server | null = null;
  #sockets = new Set<Socket>();
  #keyPem = '';
  #certificateDer = '';
  #publicKeyId = '';
  #challenges = new Map<string, number>();
  #authentications = new Map<string, { token: string; ok: boolean; reason?: string }>();
  #accessTokens = new Set<string>();
  #sessions = new Map<string, Session>();
  #polls = new Map<string, number>();

  /** @param token the KSeF token the stand-in accepts; @param nip the context (seller) it belongs to */
  constructor(
    readonly token: string,
    readonly nip: string,
  ) {}

  /** The API root to give the client as `baseUrl` (it adds `/v2`). */
  get url(): string {
    return `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`;
  }

  /** The invoices KSeF accepted (status 200), one per hash. */
  get accepted(): ReceivedInvoice[] {
    return this.received.filter((invoice) => invoice.status.code === 200);
  }

  async start(): Promise<this> {
    await loadFa3Schema();
    const seal = await CertificateService.generateCompanySeal(
      'Ministerstwo Finansów (stand-in)',
      'VATPL-0000000000',
      'KSeF stand-in',
    );
    this.#keyPem = seal.privateKeyPem;
    const certificate = new X509Certificate(seal.certificatePem);
    this.#certificateDer = certificate.raw.toString('base64');
    this.#publicKeyId = createHash('sha256')
      .update(certificate.publicKey.export({ type: 'spki', format: 'der' }))
      .digest('base64');
    this.#server = createServer((request, response) => void this.#answer(request, response));
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  async #answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (this.outage === 'down') {
      request.socket.destroy();
      return;
    }
    if (this.outage === 'error') return send(response, 503, { title: 'Service Unavailable', status: 503 });
    try {
      const body = await readBody(request);
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname.replace(/^\/v2\//, '');
      const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      await this.#route(request.method ?? 'GET', path, body, bearer, response);
    } catch (error) {
      send(response, 400, problem(400, (error as Error).message));
    }
  }

  async #route(method: string, path: string, body: string, bearer: string, response: ServerResponse): Promise<void> {
    const json = () => JSON.parse(body || '{}') as Record<string, any>;
    let match: RegExpMatchArray | null;
    if (method === 'GET' && path === 'security/public-key-certificates')
      return send(response, 200, this.#certificates());
    if (method === 'POST' && path === 'auth/challenge') return send(response, 200, this.#challenge());
    if (method === 'POST' && path === 'auth/ksef-token') return send(response, 202, this.#tokenAuthentication(json()));
    if (method === 'GET' && (match = path.match(/^auth\/([\w-]+)$/))) {
      const found = this.#authentications.get(bearer);
      if (!found) return send(response, 401, problem(401, 'Unknown authentication token.'));
      const status = found.ok
        ? { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' }
        : {
            code: 450,
            description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
            details: [found.reason!],
          };
      return send(response, 200, {
        startDate: new Date().toISOString(),
        authenticationMethod: 'Token',
        authenticationMethodInfo: { category: 'Token', code: 'token.ksef', displayName: 'Token KSeF' },
        status,
      });
    }
    if (method === 'POST' && path === 'auth/token/redeem') {
      if (!this.#authentications.get(bearer)?.ok)
        return send(response, 401, problem(401, 'Authentication not completed.'));
      this.#authentications.delete(bearer);
      const validUntil = new Date(Date.now() + 15 * 60_000).toISOString();
      const accessToken = randomUUID();
      this.#accessTokens.add(accessToken);
      return send(response, 200, {
        accessToken: { token: accessToken, validUntil },
        refreshToken: { token: randomUUID(), validUntil },
      });
    }
    if (!this.#accessTokens.has(bearer)) return send(response, 401, problem(401, 'A valid access token is required.'));
    if (method === 'POST' && path === 'sessions/online') return send(response, 201, this.#openSession(json()));
    if (method === 'POST' && (match = path.match(/^sessions\/online\/([\w-]+)\/invoices$/))) {
      const answer = this.#receiveInvoice(this.#session(match[1]!), match[1]!, json());
      if (this.holdAnswers && answer.accepted) {
        await this.holdAnswers;
        if (response.socket?.destroyed ?? true) return;
      }
      if (this.dropAnswersAfterAccepting > 0 && answer.accepted) {
        this.dropAnswersAfterAccepting--;
        response.socket?.destroy();
        return;
      }
      return send(response, 202, { referenceNumber: answer.reference });
    }
    if (method === 'POST' && (match = path.match(/^sessions\/online\/([\w-]+)\/close$/))) {
      this.#session(match[1]!).closed = true;
      response.writeHead(204).end();
      return;
    }
    if (method === 'GET' && (match = path.match(/^sessions\/([\w-]+)\/invoices\/ksef\/([\w-]+)\/upo$/))) {
      const invoice = this.#session(match[1]!).invoices.find((each) => each.ksefNumber === match![2] && each.upo);
      if (!invoice) return send(response, 404, problem(404, 'No UPO for that KSeF number in this session.'));
      response.writeHead(200, { 'content-type': 'application/xml' }).end(invoice.upo);
      return;
    }
    if (method === 'GET' && (match = path.match(/^sessions\/([\w-]+)\/invoices\/([\w-]+)$/))) {
      const invoice = this.#session(match[1]!).invoices.find((each) => each.reference === match![2]);
      if (!invoice) return send(response, 404, problem(404, 'No invoice with that reference in this session.'));
      return send(response, 200, this.#invoiceStatus(invoice));
    }
    if (method === 'GET' && (match = path.match(/^sessions\/([\w-]+)$/))) {
      const session = this.#session(match[1]!);
      const failed = session.invoices.filter((each) => each.status.code !== 200).length;
      return send(response, 200, {
        status: session.closed
          ? { code: 200, description: 'Sesja interaktywna przetworzona pomyślnie' }
          : { code: 100, description: 'Sesja interaktywna otwarta' },
        invoiceCount: session.invoices.length,
        successfulInvoiceCount: session.invoices.length - failed,
        failedInvoiceCount: failed,
        dateCreated: new Date().toISOString(),
        dateUpdated: new Date().toISOString(),
      });
    }
    send(response, 404, problem(404, `The stand-in has no ${method} ${path}.`));
  }

  #certificates() {
    const validFrom = new Date(Date.now() - 86_400_000).toISOString();
    const validTo = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const certificateId = createHash('sha256').update(Buffer.from(this.#certificateDer, 'base64')).digest('base64');
    return [
      {
        certificate: this.#certificateDer,
        certificateId,
        publicKeyId: this.#publicKeyId,
        validFrom,
        validTo,
        usage: ['KsefTokenEncryption', 'SymmetricKeyEncryption'],
      },
    ];
  }

  #challenge() {
    const timestampMs = Date.now();
    const challenge =
      `${new Date(timestampMs).toISOString().slice(0, 10).replace(/-/g, '')}-CR-${randomBytes(10).toString('hex').toUpperCase()}`.slice(
        0,
        36,
      );
    this.#challenges.set(challenge, timestampMs);
    return { challenge, timestamp: new Date(timestampMs).toISOString(), timestampMs, clientIp: '127.0.0.1' };
  }

  #unwrap(base64: string): Buffer {
    return privateDecrypt(
      { key: this.#keyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    );
  }

  #tokenAuthentication(body: Record<string, any>) {
    const issuedAt = this.#challenges.get(body.challenge);
    if (issuedAt === undefined) throw new Error('Unknown or used challenge.');
    this.#challenges.delete(body.challenge);
    if (body.publicKeyId !== undefined && body.publicKeyId !== this.#publicKeyId)
      throw new Error('Unknown public key.');
    // `token|timestampMs`; a KSeF token has bars of its own, the timestamp follows the last one.
    const plain = this.#unwrap(body.encryptedToken).toString('utf8');
    const token = plain.slice(0, plain.lastIndexOf('|'));
    const timestamp = plain.slice(plain.lastIndexOf('|') + 1);
    const reason =
      token !== this.token
        ? 'Nieprawidłowy token.'
        : Number(timestamp) !== issuedAt
          ? 'Znacznik czasu nie odpowiada wyzwaniu.'
          : body.contextIdentifier?.value !== this.nip
            ? 'Token nie dotyczy tego kontekstu.'
            : undefined;
    const authenticationToken = randomUUID();
    this.#authentications.set(authenticationToken, { token: token ?? '', ok: !reason, reason });
    return {
      referenceNumber: reference('AU'),
      authenticationToken: { token: authenticationToken, validUntil: new Date(Date.now() + 600_000).toISOString() },
    };
  }

  #openSession(body: Record<string, any>) {
    if (body.formCode?.systemCode !== 'FA (3)')
      throw new Error(`The stand-in takes FA (3) invoices, not ${body.formCode?.systemCode}.`);
    const aesKey = this.#unwrap(body.encryption.encryptedSymmetricKey);
    if (aesKey.length !== 32) throw new Error('The symmetric key must be 256 bits.');
    const referenceNumber = reference('SO');
    this.#sessions.set(referenceNumber, {
      aesKey,
      iv: Buffer.from(body.encryption.initializationVector, 'base64'),
      nip: this.nip,
      closed: false,
      invoices: [],
    });
    return { referenceNumber, validUntil: new Date(Date.now() + 12 * 3_600_000).toISOString() };
  }

  #session(reference: string): Session {
    const session = this.#sessions.get(reference);
    if (!session) throw new Error(`No session ${reference}.`);
    return session;
  }

  #receiveInvoice(
    session: Session,
    sessionReference: string,
    body: Record<string, any>,
  ): { reference: string; accepted: boolean } {
    if (session.closed) throw new Error('The session is closed.');
    const encrypted = Buffer.from(body.encryptedInvoiceContent, 'base64');
    if (createHash('sha256').update(encrypted).digest('base64') !== body.encryptedInvoiceHash)
      throw new Error('encryptedInvoiceHash does not match the content.');
    const decipher = createDecipheriv('aes-256-cbc', session.aesKey, session.iv);
    const xml = Buffer.concat([decipher.update(encrypted), decipher.final()]);
    const hash = createHash('sha256').update(xml).digest('base64');
    if (hash !== body.invoiceHash || xml.length !== body.invoiceSize)
      throw new Error('invoiceHash or invoiceSize does not match the invoice.');
    const invoice: ReceivedInvoice = {
      sessionReference,
      reference: reference('EE'),
      xml: xml.toString('utf8'),
      hash,
      offlineMode: body.offlineMode === true,
      status: { code: 100, description: '' },
      ksefNumber: null,
      upo: null,
    };
    const errors = fa3Problems(xml.toString('utf8'));
    const original = this.accepted.find((each) => each.hash === hash);
    if (errors.length)
      invoice.status = { code: 450, description: 'Błąd weryfikacji semantyki dokumentu faktury', details: errors };
    else if (original)
      invoice.status = {
        code: 440,
        description: 'Duplikat faktury',
        details: [`Faktura o skrócie ${hash} została już przyjęta.`],
        extensions: {
          originalSessionReferenceNumber: original.sessionReference,
          originalKsefNumber: original.ksefNumber!,
        },
      };
    else {
      invoice.status = { code: 200, description: 'Sukces' };
      invoice.ksefNumber = ksefNumberFor(session.nip, new Date());
      invoice.upo = upoOf(invoice, session.nip, invoice.xml.match(/<P_2>([^<]*)<\/P_2>/)?.[1] ?? '');
    }
    session.invoices.push(invoice);
    this.received.push(invoice);
    return { reference: invoice.reference, accepted: invoice.status.code === 200 };
  }

  #invoiceStatus(invoice: ReceivedInvoice) {
    const polls = (this.#polls.get(invoice.reference) ?? 0) + 1;
    this.#polls.set(invoice.reference, polls);
    const status = polls <= this.processingPolls ? { code: 150, description: 'Trwa przetwarzanie' } : invoice.status;
    return {
      ordinalNumber: 1,
      referenceNumber: invoice.reference,
      invoiceHash: invoice.hash,
      invoicingDate: new Date().toISOString(),
      status,
      ...(status.code === 200 ? { ksefNumber: invoice.ksefNumber, acquisitionDate: new Date().toISOString() } : {}),
    };
  }
}
