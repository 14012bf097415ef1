/**
 * Table types for Kysely. Timestamps follow one convention in both dialects: ISO-8601 UTC
 * strings with millisecond precision (`2026-01-31T09:15:00.000Z`), produced by the injected
 * clock. They sort and compare correctly as text, so the same SQL works on SQLite and PostgreSQL.
 */
export type Timestamp = string;

export type JobStatus = 'pending' | 'running' | 'failed';

export type JobsTable = {
  id: string;
  type: string;
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: Timestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type JobSchedulesTable = {
  name: string;
  next_run_at: Timestamp;
  updated_at: Timestamp;
};

export type Database = {
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
};
