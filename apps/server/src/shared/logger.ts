import pino, { type Logger } from 'pino';

export type { Logger };

export type LogFormat = 'pretty' | 'json';

/** `LOG_FORMAT`, or when unset: pretty lines on a terminal, JSON lines for a log collector. */
export function resolveLogFormat(format: LogFormat | undefined, isTerminal = process.stdout.isTTY === true) {
  return format ?? (isTerminal ? 'pretty' : 'json');
}

export function createLogger({ level, format }: { level: string; format: LogFormat }): Logger {
  return pino({
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
              colorize: process.stdout.isTTY === true,
              translateTime: 'SYS:HH:MM:ss',
              // A printed e-mail's fields are already in its message, one per line.
              ignore: 'pid,hostname,printedEmail',
              singleLine: true,
            },
          },
        }
      : {}),
  });
}
