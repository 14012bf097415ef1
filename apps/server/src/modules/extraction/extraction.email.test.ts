import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { bodyTextOf, EMAIL_MAX_ATTACHMENTS, extractEmail, messageDayOf } from './extraction.email';

type MailOptions = ConstructorParameters<typeof MailComposer>[0];
const composeEml = (options: MailOptions): Promise<Buffer> => new MailComposer(options).compile().build();

describe('reading an e-mail file', () => {
  it('takes the day the message was sent where it was sent, not in UTC', () => {
    const header = 'Sat, 14 Feb 2026 23:30:00 -0500';
    expect(messageDayOf({ date: new Date(header), header })).toBe('2026-02-14');
    const east = 'Sun, 15 Feb 2026 00:30:00 +0900 (JST)';
    expect(messageDayOf({ date: new Date('2026-02-14T15:30:00Z'), header: east })).toBe('2026-02-15');
    expect(messageDayOf({ date: new Date('nonsense'), header: 'nonsense' })).toBeNull();
    expect(messageDayOf({ date: undefined, header: undefined })).toBeNull();
  });

  it('turns an HTML body into text without links or images', () => {
    expect(
      bodyTextOf({
        text: undefined,
        html: '<p>Pay <a href="https://tracker.example/x">here</a> <img src="https://tracker.example/p.gif" alt="pixel"></p>',
      }),
    ).toBe('Pay here');
    expect(bodyTextOf({ text: 'Plain wins', html: '<p>HTML</p>' })).toBe('Plain wins');
    expect(bodyTextOf({ text: undefined, html: false })).toBe('');
  });

  it('gives the headers, body and attachments of a message, and names the attachments past the cap', async () => {
    const eml = await composeEml({
      from: 'Ada <ada@example.com>',
      to: 'bob@example.com',
      cc: 'carol@example.com',
      subject: 'Figures',
      text: 'The quarterly figures.',
      attachments: Array.from({ length: EMAIL_MAX_ATTACHMENTS + 2 }, (_, index) => ({
        filename: `f${index}.txt`,
        content: `file ${index}`,
      })),
    });
    const { text, email } = await extractEmail(eml);
    expect(text).toMatch(
      /^Subject: Figures\nFrom: "Ada" <ada@example.com>\nTo: bob@example.com\nCc: carol@example.com\nDate: /,
    );
    expect(text).toContain('The quarterly figures.');
    expect(email.attachments).toHaveLength(EMAIL_MAX_ATTACHMENTS);
    expect(Buffer.from(email.attachments[3]!.content).toString()).toBe('file 3');
    expect(email.skipped).toEqual([
      { position: EMAIL_MAX_ATTACHMENTS, name: `f${EMAIL_MAX_ATTACHMENTS}.txt` },
      { position: EMAIL_MAX_ATTACHMENTS + 1, name: `f${EMAIL_MAX_ATTACHMENTS + 1}.txt` },
    ]);
  });

  it('refuses a header block past 1 MB and bytes that are no message', async () => {
    const longHeader = Buffer.from(`Subject: ${'a'.repeat(1_200_000)}\r\n\r\nbody`);
    await expect(extractEmail(longHeader)).rejects.toMatchObject({ code: 'extraction.too_large' });
    await expect(extractEmail(Buffer.alloc(0))).rejects.toMatchObject({ code: 'extraction.unreadable' });
  });
});
