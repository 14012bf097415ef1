import readline from 'node:readline';
import { Writable } from 'node:stream';

export type PasswordAnswer = { password: string } | { refused: string };

type PasswordInput = NodeJS.ReadableStream & { isTTY?: boolean };

/**
 * The new password for `users:set-password`, never from the command line (it would stay in the
 * shell's history and in the process list): typed at the terminal without echo, twice, or — when
 * standard input is not a terminal, for scripts — the first line of standard input.
 */
export async function readNewPassword({
  input,
  output,
}: {
  input: PasswordInput;
  /** Where the prompts go (standard error, so standard output keeps only the result). */
  output: NodeJS.WritableStream;
}): Promise<PasswordAnswer> {
  if (input.isTTY !== true) {
    const line = await readFirstLine(input);
    return line ? { password: line } : { refused: 'No password on standard input; nothing changed.' };
  }
  const [first, second] = await askTwiceWithoutEcho({
    input,
    output,
    prompts: ['New password: ', 'Repeat the new password: '],
  });
  if (first === undefined || second === undefined) return { refused: 'Cancelled; nothing changed.' };
  if (first !== second) return { refused: 'The two passwords differ; nothing changed.' };
  return { password: first };
}

/** The first line of a stream (without its line ending), or undefined when it ends empty. */
async function readFirstLine(input: PasswordInput): Promise<string | undefined> {
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
  try {
    for await (const line of lines) return line;
    return undefined;
  } finally {
    lines.close();
  }
}

/**
 * Answers typed at the terminal, one per prompt: readline edits each line as usual, but everything
 * it would echo goes to a muted stream. One interface for all of them, so a line typed ahead is
 * kept. An answer is undefined once the person gives up (Ctrl+C, Ctrl+D).
 */
async function askTwiceWithoutEcho({
  input,
  output,
  prompts,
}: {
  input: PasswordInput;
  output: NodeJS.WritableStream;
  prompts: [string, string];
}): Promise<[string | undefined, string | undefined]> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const terminal = readline.createInterface({ input, output: muted, terminal: true });
  // Without a listener, Ctrl+C would only pause the input; here it gives up, as Ctrl+D does.
  terminal.on('SIGINT', () => terminal.close());
  const lines = terminal[Symbol.asyncIterator]();
  const ask = async (prompt: string) => {
    output.write(prompt);
    const next = await lines.next();
    output.write('\n');
    return next.done ? undefined : (next.value as string);
  };
  try {
    const first = await ask(prompts[0]);
    if (first === undefined) return [undefined, undefined];
    return [first, await ask(prompts[1])];
  } finally {
    terminal.close();
  }
}
