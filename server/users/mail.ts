import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailConfig } from '../config.ts';

/** An invitation or a password-reset message: the link the recipient follows, in plain text and HTML. */
export interface AccountMail {
  kind: 'invite' | 'reset';
  to: string;
  /** The recipient's name, when known. */
  name: string | null;
  link: string;
  /** Who sent the invitation (invitations only). */
  invitedBy?: string;
}

const transports = new WeakMap<EmailConfig, Transporter>();

function transportFor(config: EmailConfig): Transporter {
  let transport = transports.get(config);
  if (!transport) {
    transport = nodemailer.createTransport({
      host: config.host,
      port: config.port,
      secure: config.secure,
      auth: config.user ? { user: config.user, pass: config.password } : undefined,
    });
    transports.set(config, transport);
  }
  return transport;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The subject and the paragraphs of a message (the link goes after them). */
function wording(mail: AccountMail): { subject: string; lines: string[] } {
  const greeting = `Hello ${mail.name ?? mail.to},`;
  if (mail.kind === 'invite') {
    return {
      subject: 'Welcome to Switchyard',
      lines: [
        greeting,
        `${mail.invitedBy ?? 'An administrator'} has created an account for you on Switchyard.`,
        'Follow the link below to set your password. The link works once and expires in 7 days.',
      ],
    };
  }
  return {
    subject: 'Switchyard - Reset your password',
    lines: [
      greeting,
      'Someone asked to reset the password of your Switchyard account. If it was you, follow the link below.',
      'The link works once and expires in 24 hours. If you did not ask for it, you can ignore this message.',
    ],
  };
}

/** Sends the message through the configured SMTP server (nodemailer). Throws when the server refuses it. */
export async function sendAccountMail(config: EmailConfig, mail: AccountMail): Promise<void> {
  const { subject, lines } = wording(mail);
  const html = [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), linkParagraph(mail.link)].join('\n');
  await transportFor(config).sendMail({
    from: config.sender,
    to: mail.to,
    subject,
    text: `${lines.join('\n\n')}\n\n${mail.link}\n`,
    html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n`,
  });
}

const linkParagraph = (link: string) => `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
