import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { buildSmtpTransportOptions, createEmailDriver } from './emails.driver';
import { extractLinks } from './emails.models';
import { getEmailTemplates } from './emails.templates';

function createCapturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info', base: undefined },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  );
  return { logger, lines };
}

describe('the logger e-mail driver', () => {
  it('is the default driver and logs the recipient, the subject and every link, not the HTML', async () => {
    const { logger, lines } = createCapturingLogger();
    const driver = createEmailDriver({ config: loadConfig({ NODE_ENV: 'test' }), logger });
    const url = 'http://localhost:8080/api/auth/verify-email?token=t0k3n&callbackURL=%2F';
    const message = getEmailTemplates('en').verifyEmail({ name: 'Ada', url });

    await driver.send({ to: 'ada@example.com', ...message });

    expect(lines).toHaveLength(1);
    const entry = lines[0] as { level: number; msg: string; printedEmail: Record<string, unknown> };
    expect(entry.level).toBe(30);
    expect(entry.printedEmail).toEqual({ to: 'ada@example.com', subject: message.subject, links: [url] });
    // On a terminal the message alone is shown: the recipient, the subject and each link on a line.
    expect(entry.msg.split('\n')).toEqual([
      'E-mail not sent (EMAILS_DRIVER=logger):',
      '  To:      ada@example.com',
      `  Subject: ${message.subject}`,
      `  Link:    ${url}`,
    ]);
    expect(JSON.stringify(entry)).not.toContain('<table');
  });

  it('logs each distinct link of the HTML and the text, with HTML entities decoded', async () => {
    const { logger, lines } = createCapturingLogger();
    const driver = createEmailDriver({ config: loadConfig({ NODE_ENV: 'test' }), logger });

    await driver.send({
      to: 'bob@example.com',
      subject: 'Links',
      html: '<a href="https://a.example/x?one=1&amp;two=2">A</a> <a href=\'https://b.example/\'>B</a> <a href="mailto:x@y">m</a>',
      text: 'See https://a.example/x?one=1&two=2 and https://c.example/path.',
    });

    expect((lines[0] as { printedEmail: { links: string[] } }).printedEmail.links).toEqual([
      'https://a.example/x?one=1&two=2',
      'https://b.example/',
      'https://c.example/path',
    ]);
  });
});

describe('e-mail link extraction', () => {
  it('finds nothing in a message without links', () => {
    expect(extractLinks({ html: '<p>Hello</p>', text: 'Hello' })).toEqual([]);
  });
});

describe('the SMTP e-mail driver options', () => {
  it('reaches a plain smtp:// server on this machine without STARTTLS', () => {
    expect(buildSmtpTransportOptions('smtp://127.0.0.1:2525')).toMatchObject({ ignoreTLS: true });
    expect(buildSmtpTransportOptions('smtp://localhost:2525')).toMatchObject({ ignoreTLS: true });
    expect(buildSmtpTransportOptions('smtp://[::1]:2525')).toMatchObject({ ignoreTLS: true });
  });

  it('takes host, port, credentials and nodemailer options from the URL, its query winning', () => {
    expect(buildSmtpTransportOptions('smtp://us%40er:p%3Ass@127.0.0.1:2525?ignoreTLS=false')).toMatchObject({
      host: '127.0.0.1',
      port: 2525,
      secure: false,
      ignoreTLS: false,
      auth: { user: 'us@er', pass: 'p:ss' },
    });
  });

  it('keeps STARTTLS for a remote server and TLS for smtps://', () => {
    expect(buildSmtpTransportOptions('smtp://user:secret@mail.example.com:587')).not.toHaveProperty(
      'ignoreTLS',
    );
    expect(buildSmtpTransportOptions('smtps://mail.example.com')).not.toHaveProperty('ignoreTLS');
  });

  it('creates an SMTP driver when EMAILS_DRIVER is smtp', () => {
    const config = loadConfig({ NODE_ENV: 'test', EMAILS_DRIVER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(createEmailDriver({ config, logger: pino({ level: 'silent' }) })).toHaveProperty('send');
  });
});
