import path from 'node:path';
import { type Env, envCrossChecks, envSchema, intakeEmailsEnvProblems } from './config.schema';

export type DatabaseConfig =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: 'postgres'; connectionString: string };

export type Config = {
  env: Env;
  isProduction: boolean;
  dataDir: string;
  database: DatabaseConfig;
};

export class ConfigError extends Error {
  constructor(readonly problems: Array<{ variable: string; message: string }>) {
    super(
      `Invalid configuration:\n${problems.map(({ variable, message }) => `  - ${variable}: ${message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(rawEnv: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(rawEnv);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? '(environment)'),
      message: issue.message,
    }));
    throw new ConfigError(problems);
  }
  const env = parsed.data;

  const crossProblems = [
    ...envCrossChecks.flatMap(({ when, equals = true, requires }) =>
      env[when] === equals
        ? requires
            .filter((variable) => env[variable] === undefined)
            .map((variable) => ({ variable, message: `Required when ${when} is ${String(equals)}` }))
        : [],
    ),
    ...intakeEmailsEnvProblems(env),
  ];
  if (crossProblems.length > 0) throw new ConfigError(crossProblems);

  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env,
    isProduction: env.NODE_ENV === 'production',
    dataDir,
    database: resolveDatabaseConfig(env.DATABASE_URL, dataDir),
  };
}

function resolveDatabaseConfig(databaseUrl: string | undefined, dataDir: string): DatabaseConfig {
  if (databaseUrl === undefined) return { dialect: 'sqlite', filename: path.join(dataDir, 'db.sqlite') };
  if (databaseUrl.startsWith('file:')) {
    const filename = databaseUrl.slice('file:'.length);
    return { dialect: 'sqlite', filename: filename === ':memory:' ? filename : path.resolve(filename) };
  }
  return { dialect: 'postgres', connectionString: databaseUrl };
}
