import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { bodyTextOf, EMAIL_MAX_ATTACHMENTS, extractEmail, messageDayOf } from './extraction.email';

const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

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

  it('shows the message in its preview: its header lines, its HTML body with inline images, nothing to fetch or run', async () => {
    const eml = await composeEml({
      from: 'Ada <ada@example.com>',
      to: 'bob@example.com',
      subject: 'Figures <Q3> & more',
      html: '<h1>Figures</h1><p onclick="steal()">See <img src="cid:chart@sheaf"> and <img src="https://tracker.example/p.gif"></p><script>alert(1)</script>',
      attachments: [{ filename: 'chart.png', content: PIXEL_PNG, cid: 'chart@sheaf' }],
    });
    const { previewHtml } = await extractEmail(eml, { wantsPreview: true });
    expect(previewHtml).toContain('<th scope="row">From</th><td>"Ada" &lt;ada@example.com&gt;</td>');
    expect(previewHtml).toContain('<th scope="row">Subject</th><td>Figures &lt;Q3&gt; &amp; more</td>');
    expect(previewHtml).toContain('<h1>Figures</h1>');
    expect(previewHtml).toContain(`<img src="data:image/png;base64,${PIXEL_PNG.toString('base64')}" />`);
    expect(previewHtml).not.toMatch(/tracker\.example|<script|alert|onclick/);
    // Not asked for: not made.
    expect((await extractEmail(eml)).previewHtml).toBeUndefined();

    const plain = await extractEmail(
      await composeEml({
        from: 'bob@example.com',
        subject: 'Plain',
        text: 'First line\nsecond <line>\n\nNext paragraph',
      }),
      { wantsPreview: true },
    );
    expect(plain.previewHtml).toContain('<p>First line<br />second &lt;line&gt;</p><p>Next paragraph</p>');
  });

  it('refuses a header block past 1 MB and bytes that are no message', async () => {
    const longHeader = Buffer.from(`Subject: ${'a'.repeat(1_200_000)}\r\n\r\nbody`);
    await expect(extractEmail(longHeader)).rejects.toMatchObject({ code: 'extraction.too_large' });
    await expect(extractEmail(Buffer.alloc(0))).rejects.toMatchObject({ code: 'extraction.unreadable' });
  });
});
