import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The variables a configuration stops start-up for (each once, though it may have several problems). */
function problemsOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...new Set(error.problems.map(({ variable }) => variable))];
    throw error;
  }
  return [];
}

describe('intake e-mail configuration', () => {
  it('is off by default, with the documented defaults', () => {
    const { env } = loadConfig({});
    expect(env).toMatchObject({
      INTAKE_EMAILS_IS_ENABLED: false,
      INTAKE_EMAILS_SMTP_HOST: '0.0.0.0',
      INTAKE_EMAILS_MAX_MESSAGE_SIZE: 50_000_000,
      INTAKE_EMAILS_IMAP_POLL_SECONDS: 60,
    });
    expect(env.INTAKE_EMAILS_SMTP_PORT).toBeUndefined();
    expect(env.INTAKE_EMAILS_IMAP_URL).toBeUndefined();
  });

  it('reads a complete configuration of the three entries', () => {
    const { env } = loadConfig({
      INTAKE_EMAILS_IS_ENABLED: 'true',
      INTAKE_EMAILS_DOMAIN: 'Intake.Example.COM',
      INTAKE_EMAILS_WEBHOOK_SECRET: 'a-long-enough-ingest-secret',
      INTAKE_EMAILS_SMTP_PORT: '2525',
      INTAKE_EMAILS_SMTP_TLS_KEY: '/etc/ssl/private/intake.key',
      INTAKE_EMAILS_SMTP_TLS_CERT: '/etc/ssl/certs/intake.pem',
      INTAKE_EMAILS_MAX_MESSAGE_SIZE: '20000000',
      INTAKE_EMAILS_IMAP_URL: 'imaps://catch%40example.com:p%40ss@imap.example.com:993/INBOX',
      INTAKE_EMAILS_IMAP_POLL_SECONDS: '30',
    });
    expect(env).toMatchObject({
      INTAKE_EMAILS_DOMAIN: 'intake.example.com',
      INTAKE_EMAILS_SMTP_PORT: 2525,
      INTAKE_EMAILS_MAX_MESSAGE_SIZE: 20_000_000,
      INTAKE_EMAILS_IMAP_POLL_SECONDS: 30,
    });
  });

  it('stops start-up naming each variable of an invalid combination', () => {
    // Enabled without a domain.
    expect(problemsOf({ INTAKE_EMAILS_IS_ENABLED: 'true' })).toEqual(['INTAKE_EMAILS_DOMAIN']);
    // An entry configured while intake is off.
    expect(
      problemsOf({ INTAKE_EMAILS_SMTP_PORT: '2525', INTAKE_EMAILS_IMAP_URL: 'imap://u:p@host/INBOX' }),
    ).toEqual(['INTAKE_EMAILS_SMTP_PORT', 'INTAKE_EMAILS_IMAP_URL']);
    const enabled = { INTAKE_EMAILS_IS_ENABLED: 'true', INTAKE_EMAILS_DOMAIN: 'intake.example.com' };
    // Half a TLS pair, and TLS without the SMTP receiver.
    expect(
      problemsOf({ ...enabled, INTAKE_EMAILS_SMTP_PORT: '2525', INTAKE_EMAILS_SMTP_TLS_KEY: '/key.pem' }),
    ).toEqual(['INTAKE_EMAILS_SMTP_TLS_CERT']);
    expect(
      problemsOf({
        ...enabled,
        INTAKE_EMAILS_SMTP_TLS_KEY: '/key.pem',
        INTAKE_EMAILS_SMTP_TLS_CERT: '/cert.pem',
      }),
    ).toEqual(['INTAKE_EMAILS_SMTP_TLS_KEY', 'INTAKE_EMAILS_SMTP_TLS_CERT']);
    // The SMTP receiver on the HTTP port.
    expect(problemsOf({ ...enabled, PORT: '2525', INTAKE_EMAILS_SMTP_PORT: '2525' })).toEqual([
      'INTAKE_EMAILS_SMTP_PORT',
    ]);
  });

  it('refuses malformed values, naming the variable', () => {
    const enabled = { INTAKE_EMAILS_IS_ENABLED: 'true', INTAKE_EMAILS_DOMAIN: 'intake.example.com' };
    expect(problemsOf({ ...enabled, INTAKE_EMAILS_DOMAIN: 'not a domain' })).toEqual([
      'INTAKE_EMAILS_DOMAIN',
    ]);
    expect(problemsOf({ ...enabled, INTAKE_EMAILS_WEBHOOK_SECRET: 'short' })).toEqual([
      'INTAKE_EMAILS_WEBHOOK_SECRET',
    ]);
    expect(problemsOf({ ...enabled, INTAKE_EMAILS_SMTP_PORT: '70000' })).toEqual(['INTAKE_EMAILS_SMTP_PORT']);
    expect(problemsOf({ ...enabled, INTAKE_EMAILS_IMAP_URL: 'https://imap.example.com' })).toEqual([
      'INTAKE_EMAILS_IMAP_URL',
    ]);
    expect(problemsOf({ ...enabled, INTAKE_EMAILS_IMAP_URL: 'imaps://imap.example.com/INBOX' })).toEqual([
      'INTAKE_EMAILS_IMAP_URL',
    ]);
    expect(problemsOf({ ...enabled, INTAKE_EMAILS_IMAP_POLL_SECONDS: '0' })).toEqual([
      'INTAKE_EMAILS_IMAP_POLL_SECONDS',
    ]);
  });
});
