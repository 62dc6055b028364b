import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client';
import { DEMO_PASSWORD, DEMO_USER_NAME, seedDemo } from '../../server/db/seed';
import { pgTestUrl } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer } from './accounts-helpers';
import { expectBooksHold, moveMoney, readBooks, type Books } from './backup-helpers';
import { fund } from './wallet-helpers';

/**
 * docs/operator.md § Backups, PostgreSQL: the commands of its tested block, read from the document
 * and run as written (pg_dump, pg_restore, createdb from /usr/bin), against a database with money
 * in it: once while exchanges and Digit Bets are being made, once after. Both copies restore into
 * new databases whose books balance; the copy at rest equals the source row for row.
 */

const MARKER = '<!-- tested: tests/server/backup-postgres.test.ts';

/** The commands of the block after the marker: each line that is not blank or a comment. */
export function documentedCommands(doc: string): string[] {
  const at = doc.indexOf(MARKER);
  if (at < 0) throw new Error(`docs/operator.md has lost its "${MARKER}" block`);
  const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(at))![1]!;
  return block.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
}

const commands = documentedCommands(readFileSync('docs/operator.md', 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'kp-pgbackup-'));
const created: string[] = [];

function databaseUrl(name: string): string {
  const url = new URL(pgTestUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgTestUrl! });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Runs the documented block with these variables; rejects with the failing command's stderr. */
async function runDocumented(vars: Record<string, string>): Promise<void> {
  for (const command of commands) {
    await new Promise<void>((resolve, reject) => {
      execFile('bash', ['-c', command], { env: { PATH: process.env.PATH, ...vars }, timeout: 120_000 }, (err, _stdout, stderr) =>
        err ? reject(new Error(`${command}\n${stderr}`)) : resolve(),
      );
    });
  }
}

/** The documented backup of `source` restored into a new database; its books, read after a start's migrations. */
async function backupAndRestore(source: string, label: string): Promise<Books> {
  const newDatabase = `kp_restored_${label}_${randomBytes(4).toString('hex')}`;
  created.push(newDatabase);
  await runDocumented({
    DATABASE_URL: databaseUrl(source),
    BACKUP_FILE: join(work, `${label}.dump`),
    NEW_DATABASE: newDatabase,
    NEW_DATABASE_URL: databaseUrl(newDatabase),
  });
  const restored = await openPostgres(databaseUrl(newDatabase), 2);
  try {
    return await readBooks(restored.db);
  } finally {
    await restored.close();
  }
}

describe('PostgreSQL backups as docs/operator.md § Backups says', () => {
  const source = `kp_backup_source_${randomBytes(4).toString('hex')}`;
  let database: Database;
  let server: TestServer;
  const tokens: string[] = [];

  beforeAll(async () => {
    if (!pgTestUrl) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL, or the local server at 127.0.0.1:5432)');
    for (const tool of ['pg_dump', 'pg_restore', 'createdb']) {
      try {
        execFileSync('bash', ['-c', `command -v ${tool}`]);
      } catch {
        throw new Error(`${tool} is not installed: the PostgreSQL client tools are needed (Debian: apt-get install postgresql-client)`);
      }
    }
    await adminQuery(`CREATE DATABASE ${source}`);
    created.push(source);
    database = await openPostgres(databaseUrl(source), 20);
    server = await startTestServer('postgres', { database });
    await seedDemo(database.db);
    const demo = await server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } });
    tokens.push(demo.body.data.token);
    for (let i = 0; i < 3; i++) {
      const player = await registerPlayer(server);
      await fund(database.db, player.id, { main: 10_000, game: 20_000 });
      tokens.push(player.token);
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
    for (const name of created) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(work, { recursive: true, force: true });
  });

  it('the tested block is pg_dump, a read-back, createdb and pg_restore', () => {
    expect(commands.map((c) => c.split(' ')[0])).toEqual(['pg_dump', 'pg_restore', 'createdb', 'pg_restore']);
    expect(commands[0]).toContain('--format=custom');
  });

  it('a dump taken while money moves and one at rest both restore to balanced books; the one at rest equals the source', async () => {
    const money = moveMoney(tokens, async (path, token, body, headers) => server.call('POST', path, { token, body, headers }));
    await money.until(20);
    const before = money.moves();
    const moving = await backupAndRestore(source, 'moving');
    const during = money.moves() - before;
    await money.stop();
    expect(during, 'money kept moving while pg_dump ran').toBeGreaterThan(0);

    const still = await backupAndRestore(source, 'still');
    const live = await readBooks(database.db);
    expectBooksHold(still);
    expect(still).toEqual(live);

    // The copy taken while money moved: a committed state, so its books balance and each of its
    // ledger rows is in the later copy unchanged; the later copy has more (money moved after it).
    expectBooksHold(moving);
    const later = new Map(still.ledger.map((row) => [row.id, row]));
    for (const row of moving.ledger) expect(later.get(row.id)).toEqual(row);
    expect(moving.ledger.length).toBeLessThan(still.ledger.length);
  }, 300_000);
});
