// `--seed direct` on SQLite: inserts the bench's document rows in a worker thread. better-sqlite3
// is synchronous, and run on the bench's main thread minutes of inserts would block its event
// loop: the keep-alive socket of its last request, closed meanwhile by the server after 5 idle
// seconds, would then still be in fetch's pool and the next request would be sent on it and fail
// with "other side closed" (what 20,000 documents and more did). Here the main thread stays free:
// fetch drops idle sockets in time, and the RSS sampler and progress lines keep running.

import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, columns, tagColumns } = workerData;
const db = new Database(file, { fileMustExist: true });
// The server polls for jobs meanwhile, and may hold the write lock for a moment.
db.pragma('busy_timeout = 10000');
const insertStatement = (table, names) =>
  db.prepare(`insert into ${table} (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`);
const insertDocument = insertStatement('documents', columns);
const insertTagLink = insertStatement('documents_tags', tagColumns);
/** Statements of the other tables (property definitions and values, notes), made on first use. */
const statements = new Map();
const insertAll = db.transaction(({ rows, tagLinks, tables = [] }) => {
  for (const row of rows) insertDocument.run(columns.map((column) => row[column]));
  for (const link of tagLinks) insertTagLink.run(tagColumns.map((column) => link[column]));
  for (const { table, columns: names, rows: tableRows } of tables) {
    const key = `${table}(${names.join(',')})`;
    if (!statements.has(key)) statements.set(key, insertStatement(table, names));
    const statement = statements.get(key);
    for (const row of tableRows) statement.run(names.map((name) => row[name]));
  }
});

// One message per transaction ({ rows, tagLinks, tables? }), answered once committed; null closes the database.
parentPort.on('message', (batch) => {
  if (batch === null) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    insertAll(batch);
    parentPort.postMessage({ ok: true });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: error.message, code: error.code });
  }
});
