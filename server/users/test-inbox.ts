/**
 * Tests only: a real SMTP server (smtp-server) on 127.0.0.1 that keeps the messages it receives, and waits for
 * them by event, never by time. Used by the server tests and tests/e2e/users.spec.ts.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The whole message, headers and bodies, with quoted-printable soft breaks and escapes decoded. */
  raw: string;
  /** The first http(s) link in the message with a `token` parameter. */
  link: string | undefined;
}

export interface Inbox {
  port: number;
  env: Record<string, string>;
  received: ReceivedMail[];
  /** The next message to that address (one already received and not yet taken counts). */
  next(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** The settings that send a server's e-mail to an inbox on that port. */
export const smtpEnv = (port: number) => ({
  EMAIL_HOST: '127.0.0.1',
  EMAIL_PORT: String(port),
  EMAIL_SENDER: 'yard@example.com',
});

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Listens on `port` (0: any free one). */
export async function startInbox(port = 0): Promise<Inbox> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiting: Array<{ to: string; done: (mail: ReceivedMail) => void }> = [];
  const offer = (mail: ReceivedMail) => {
    const index = waiting.findIndex((w) => mail.to.includes(w.to));
    if (index === -1) return;
    taken.add(mail);
    waiting.splice(index, 1)[0].done(mail);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8'));
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail = { to, raw, link: /https?:\/\/[^\s"<>]+[?&]token=[A-Za-z0-9_-]+/.exec(raw)?.[0] };
        received.push(mail);
        offer(mail);
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    env: smtpEnv(bound),
    received,
    next(to) {
      const address = to.toLowerCase();
      const ready = received.find((m) => !taken.has(m) && m.to.includes(address));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((done) => waiting.push({ to: address, done }));
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
