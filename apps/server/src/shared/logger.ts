import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger({ level, pretty }: { level: string; pretty: boolean }): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      remove: true,
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  });
}
