import pino, { type Logger } from 'pino';

export type { Logger };

export type LogFormat = 'pretty' | 'json';

/** `LOG_FORMAT`, or when unset: pretty lines on a terminal, JSON lines for a log collector. */
export function resolveLogFormat(format: LogFormat | undefined, isTerminal = process.stdout.isTTY === true) {
  return format ?? (isTerminal ? 'pretty' : 'json');
}

export function createLogger({
  level,
  format,
  destination = 'stdout',
}: {
  level: string;
  format: LogFormat;
  /** stderr for a command whose own output is on stdout (the admin commands' `--json`). */
  destination?: 'stdout' | 'stderr';
}): Logger {
  const fd = destination === 'stderr' ? 2 : 1;
  const stream = destination === 'stderr' ? process.stderr : process.stdout;
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      remove: true,
    },
    ...(format === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              colorize: stream.isTTY === true,
              destination: fd,
              translateTime: 'SYS:HH:MM:ss',
              // A printed e-mail's fields are already in its message, one per line.
              ignore: 'pid,hostname,printedEmail',
              singleLine: true,
            },
          },
        }
      : {}),
  };
  return format === 'pretty' ? pino(options) : pino(options, pino.destination(fd));
}
