import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readNewPassword } from './read-password';

/** A stand-in terminal: what is typed goes in, what the program writes is collected. */
function fakeTerminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk: Buffer) => {
    written += chunk.toString();
  });
  return { input, output, written: () => written };
}

describe('reading the new password of users:set-password', () => {
  it('asks twice at a terminal and never echoes what is typed', async () => {
    const terminal = fakeTerminal();
    const answer = readNewPassword({ input: terminal.input, output: terminal.output });
    terminal.input.write('correct horse battery\r');
    terminal.input.write('correct horse battery\r');
    expect(await answer).toEqual({ password: 'correct horse battery' });
    expect(terminal.written()).toContain('New password: ');
    expect(terminal.written()).toContain('Repeat the new password: ');
    expect(terminal.written()).not.toContain('correct');
  });

  it('refuses two different passwords typed at a terminal', async () => {
    const terminal = fakeTerminal();
    const answer = readNewPassword({ input: terminal.input, output: terminal.output });
    terminal.input.write('correct horse battery\r');
    terminal.input.write('correct horse battery staple\r');
    expect(await answer).toEqual({ refused: 'The two passwords differ; nothing changed.' });
  });

  it('gives up when Ctrl+C is pressed at a terminal', async () => {
    const terminal = fakeTerminal();
    const answer = readNewPassword({ input: terminal.input, output: terminal.output });
    terminal.input.write('correct horse\u0003');
    expect(await answer).toEqual({ refused: 'Cancelled; nothing changed.' });
  });

  it('takes the first line of standard input when it is not a terminal, without its line ending', async () => {
    const input = new PassThrough();
    input.end('  spaces kept  \r\nsecond line ignored\n');
    expect(await readNewPassword({ input, output: new PassThrough() })).toEqual({
      password: '  spaces kept  ',
    });
  });

  it('refuses an empty standard input', async () => {
    const input = new PassThrough();
    input.end('');
    expect(await readNewPassword({ input, output: new PassThrough() })).toEqual({
      refused: 'No password on standard input; nothing changed.',
    });
  });
});
