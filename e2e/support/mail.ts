import { setTimeout as sleep } from 'node:timers/promises';
import type { TestSmtpServer } from '../../apps/server/src/test/test-smtp-server';

export { startTestSmtpServer } from '../../apps/server/src/test/test-smtp-server';
export type { TestSmtpServer };

/** Waits for a message to `to` whose text has a link containing `linkPart`, and returns that link. */
export async function waitForLink(
  smtp: TestSmtpServer,
  { to, linkPart, after = 0 }: { to: string; linkPart: string; after?: number },
): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const links = smtp.received
      .slice(after)
      .filter((message) => message.envelope.to.includes(to))
      .flatMap((message) => message.parsed.text?.match(/https?:\/\/\S+/g) ?? [])
      .filter((link) => link.includes(linkPart));
    if (links.length > 0) return links[links.length - 1]!;
    await sleep(100);
  }
  throw new Error(`No e-mail to ${to} with a link containing ${linkPart}`);
}
