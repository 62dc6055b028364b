/**
 * `npm run db:generate [-- --name <name>]`: drizzle-kit writes the migration for what changed in
 * server/db/schema.ts, then its checksum joins server/db/migrations/checksums.json.
 * `npm run db:checksums`: lists the migrations not yet in checksums.json. Either refuses when a
 * listed migration's bytes differ from the list: a released migration never changes
 * (docs/decisions/0026, tests/server/migrations.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const FOLDER = resolve(ROOT, 'server/db/migrations');
const LIST = resolve(FOLDER, 'checksums.json');

/** sha256 of every .sql file in the folder (journal or not), by tag. */
export function migrationChecksums(folder = FOLDER): Record<string, string> {
  const tags = readdirSync(folder).filter((file) => file.endsWith('.sql')).sort().map((file) => file.slice(0, -'.sql'.length));
  return Object.fromEntries(tags.map((tag) => [tag, createHash('sha256').update(readFileSync(resolve(folder, `${tag}.sql`))).digest('hex')]));
}

export function listedChecksums(): Record<string, string> {
  return JSON.parse(readFileSync(LIST, 'utf8')) as Record<string, string>;
}

/** What is wrong between the list and the migrations: changed bytes, a migration not listed, a listed one gone. */
export function checksumProblems(listed: Record<string, string>, now: Record<string, string>): string[] {
  return [
    ...Object.keys(listed).filter((tag) => now[tag] !== undefined && now[tag] !== listed[tag]).map((tag) => `${tag}: bytes changed after release`),
    ...Object.keys(now).filter((tag) => !(tag in listed)).map((tag) => `${tag}: not in checksums.json (npm run db:checksums)`),
    ...Object.keys(listed).filter((tag) => !(tag in now)).map((tag) => `${tag}: listed but missing`),
  ];
}

function updateList(): void {
  const listed = listedChecksums();
  const now = migrationChecksums();
  const changed = Object.keys(listed).filter((tag) => now[tag] !== undefined && now[tag] !== listed[tag]);
  if (changed.length) {
    console.error(`released migration(s) changed: ${changed.join(', ')}. Restore them and put the change in a new migration.`);
    process.exit(1);
  }
  const added = Object.keys(now).filter((tag) => !(tag in listed));
  writeFileSync(LIST, `${JSON.stringify({ ...listed, ...Object.fromEntries(added.map((tag) => [tag, now[tag]])) }, null, 2)}\n`);
  console.log(added.length ? `checksums.json: added ${added.join(', ')}` : 'checksums.json: nothing new');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'generate') {
    const kit = spawnSync(resolve(ROOT, 'node_modules/.bin/drizzle-kit'), ['generate', ...rest], { cwd: ROOT, stdio: 'inherit' });
    if (kit.status !== 0) process.exit(kit.status ?? 1);
  } else if (command !== 'checksums') {
    console.error('usage: tsx scripts/db-migrations.ts generate [--name <name>] | checksums');
    process.exit(2);
  }
  updateList();
}
