/**
 * `npm run admin -- backup <file>` and `restore <file>` for the embedded database (decision 0030,
 * docs/operator.md § Backups). A backup asks the running server for its dump (GET
 * /api/admin/backup, owner only) and writes it to <file> safely: a temporary name in the same
 * folder, fsync'd, read back and checked against the server's checksum, then renamed into place.
 * With `--offline` it reads DATA_DIR itself, and only while no server holds it. A restore loads a
 * backup into a fresh folder (absent or empty) and opens it as the server would, then reads its
 * books. Exit status: 0 done, 1 refused or failed, 2 usage.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { link, mkdir, open, readFile, readdir, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, gunzip } from 'node:zlib';
import { describeDump, dumpFolder, isWholeTar, restoreInto, type BooksSummary } from '../db/backup';
import { readEnv, type Env } from '../env';
import { formatMoney } from '../lib/money';
import { TAR_BYTES_HEADER, TAR_SHA256_HEADER } from '../routes/admin/backup';

export const BACKUP_USAGE = `  backup <file> [--force]      a consistent copy of the embedded database from the running server
                               (owner; refuses to replace <file> unless --force)
  backup <file> --offline      the same, read from DATA_DIR directly: only while the server is stopped
  restore <file> [--data-dir DIR]
                               loads a backup into a new, empty folder (default DATA_DIR), opens it
                               and checks its books; then point DATA_DIR at it and start the server`;

/** A refusal or failure worded for the operator; `code` is the exit status. */
class CliError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

interface Parsed {
  command: 'backup' | 'restore';
  file: string;
  force: boolean;
  offline: boolean;
  dataDir?: string;
}

function parse(argv: string[]): Parsed {
  const [command, ...rest] = argv;
  const parsed: Partial<Parsed> = { command: command as Parsed['command'], force: false, offline: false };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--force' && command === 'backup') parsed.force = true;
    else if (arg === '--offline' && command === 'backup') parsed.offline = true;
    else if (arg === '--data-dir' && command === 'restore' && rest[i + 1]) parsed.dataDir = rest[++i];
    else if (arg.startsWith('--data-dir=') && command === 'restore') parsed.dataDir = arg.slice('--data-dir='.length);
    else if (!arg.startsWith('--') && parsed.file === undefined) parsed.file = arg;
    else throw new CliError(`unexpected "${arg}"`, 2);
  }
  if (!parsed.file) throw new CliError(`${command} needs a <file>`, 2);
  return parsed as Parsed;
}

export async function runBackupCli(argv: string[], usage: string): Promise<number> {
  try {
    const parsed = parse(argv);
    let env: Env;
    try {
      env = readEnv();
    } catch (err) {
      throw new CliError(`bad environment: ${(err as Error).message}`, 2);
    }
    console.log(parsed.command === 'backup' ? await backup(parsed, env) : await restore(parsed, env));
    return 0;
  } catch (err) {
    // Anything else (a full disk, a folder it may not write) is said plainly too: exit 1.
    const failure = err instanceof CliError ? err : new CliError((err as Error).message);
    console.error(`error: ${failure.message}${failure.code === 2 ? `\n\n${usage}` : ''}`);
    return failure.code;
  }
}

// ─── backup ──────────────────────────────────────────────────────────────────────────────────────

/** A backup on its way: gzip bytes, and the size and sha256 of the tar inside them. */
interface Source {
  gzip: ReadableStream<Uint8Array>;
  tarBytes: number;
  tarSha256: string;
  from: string;
}

const thousands = (n: number | string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

async function backup(p: Parsed, env: Env): Promise<string> {
  const target = resolve(p.file);
  if (!p.force && existsSync(target)) throw new CliError(`${target} already exists; give a new name, or --force to replace it`);
  if (!existsSync(dirname(target))) throw new CliError(`the folder ${dirname(target)} does not exist`);
  const source = p.offline ? await offlineSource(env) : await serverSource(env);
  const file = await writeBackup(target, source, p.force);
  const lines = [
    `backup written: ${target}`,
    `  size     ${thousands(file.bytes)} bytes (gzip; the database folder is ${thousands(source.tarBytes)} bytes)`,
    `  sha256   ${file.sha256}`,
    `  from     ${source.from}`,
  ];
  const uploads = env.UPLOAD_DIR ? resolve(env.UPLOAD_DIR) : null;
  if (uploads && !uploads.startsWith(`${resolve(env.DATA_DIR)}/`)) lines.push(`note: deposit receipts in UPLOAD_DIR (${uploads}) are outside the database folder and not in this backup; copy that folder too.`);
  return lines.join('\n');
}

async function serverSource(env: Env): Promise<Source> {
  if (!env.ADMIN_TOKEN) throw new CliError('ADMIN_TOKEN is not set (use the same value as the server).', 2);
  const base = env.ADMIN_URL.replace(/\/+$/, '');
  let res: Response;
  try {
    res = await fetch(`${base}/api/admin/backup`, { headers: { authorization: `Bearer ${env.ADMIN_TOKEN}`, accept: 'application/gzip, application/json' } });
  } catch (err) {
    const offline = `If the server is stopped, \`backup <file> --offline\` copies DATA_DIR (${resolve(env.DATA_DIR)}) directly.`;
    throw new CliError(`cannot reach the server at ${base} (${(err as Error).message}). ${offline}`);
  }
  if (!res.ok) throw new CliError(await refusalText(res));
  const tarBytes = Number(res.headers.get(TAR_BYTES_HEADER));
  const tarSha256 = res.headers.get(TAR_SHA256_HEADER) ?? '';
  if (!res.body || !Number.isSafeInteger(tarBytes) || !/^[0-9a-f]{64}$/.test(tarSha256)) {
    throw new CliError(`${base} answered without a backup (is ADMIN_URL this product's server?)`);
  }
  return { gzip: res.body, tarBytes, tarSha256, from: `the server at ${base}` };
}

async function refusalText(res: Response): Promise<string> {
  const json = (await res.json().catch(() => ({}))) as { message?: string };
  let message = `HTTP ${res.status}: ${json.message ?? res.statusText}`;
  if (res.status === 401) message += " (ADMIN_TOKEN does not match the server's)";
  if (res.status === 403) message += ' (a backup is the owner’s: use ADMIN_TOKEN or an owner’s session)';
  if (res.status === 404) message += ' (is ADMIN_TOKEN set on the server, and ADMIN_URL its admin listener?)';
  return message;
}

/** Whether anything answers HTTP at `url` (a server still holding the data folder, most likely). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url.replace(/\/+$/, '')}/healthz`, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * The data folder read directly. PGlite in a folder another process has open is corrupted by a
 * second opener, so this refuses while a server answers at ADMIN_URL, and while the folder has a
 * postmaster.pid (PGlite writes it on open and removes it on a clean close).
 */
async function offlineSource(env: Env): Promise<Source> {
  const dir = resolve(env.DATA_DIR);
  if (env.DATABASE_URL) throw new CliError('DATABASE_URL is set: this install keeps its data in PostgreSQL; back it up with pg_dump -Fc (docs/operator.md § Backups).');
  if (await answers(env.ADMIN_URL)) throw new CliError(`a server answers at ${env.ADMIN_URL}: while it runs, back up through it (leave out --offline).`);
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new CliError(`${dir} holds no embedded database (is DATA_DIR right?)`);
  if (existsSync(join(dir, 'postmaster.pid'))) {
    throw new CliError(
      `${dir} is open in another process (its postmaster.pid exists), or was not closed cleanly. Stop the server and try again; ` +
        'after a crash, start the server once and back up through it.',
    );
  }
  const dump = await dumpFolder(dir);
  const { bytes, sha256 } = await describeDump(dump);
  return { gzip: dump.stream().pipeThrough(new CompressionStream('gzip')) as ReadableStream<Uint8Array>, tarBytes: bytes, tarSha256: sha256, from: dir };
}

interface Digest {
  bytes: number;
  sha256: string;
}

/** A pass-through that counts and hashes what flows through it. */
function digesting(): { stream: Transform; digest: () => Digest } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, digest: () => ({ bytes, sha256: hash.digest('hex') }) };
}

/** fsync a file, or a folder (so a rename in it survives a power cut); folders that refuse are let be. */
async function syncPath(path: string, folder = false): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } catch (err) {
    if (!folder) throw err;
  } finally {
    await handle.close();
  }
}

/**
 * Writes the backup under a temporary name beside `target`, fsyncs it, reads it back through gunzip
 * and compares the tar with the source's size and sha256, then moves it into place (refusing to
 * replace an existing file unless `force`). The temporary file never outlives a failure.
 */
async function writeBackup(target: string, source: Source, force: boolean): Promise<Digest> {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  try {
    const file = digesting();
    await pipeline(Readable.fromWeb(source.gzip as never), file.stream, createWriteStream(temp, { flags: 'wx' })).catch((err: Error) => {
      throw new CliError(`the transfer broke off (${err.message}); nothing was kept`);
    });
    await syncPath(temp);
    const tar = await tarDigest(temp);
    if (tar.bytes !== source.tarBytes || tar.sha256 !== source.tarSha256) {
      throw new CliError(`the file written does not match the database's copy (${tar.bytes} bytes, sha256 ${tar.sha256}); nothing was kept`);
    }
    await place(temp, target, force);
    await syncPath(dirname(target), true);
    return file.digest();
  } finally {
    await rm(temp, { force: true });
  }
}

/** Size and sha256 of the tar inside a gzip file, as read back from the disk. */
async function tarDigest(path: string): Promise<Digest> {
  const tar = digesting();
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(createReadStream(path), createGunzip(), tar.stream, sink).catch((err: Error) => {
    throw new CliError(`the file written does not read back (${err.message}); nothing was kept`);
  });
  return tar.digest();
}

/**
 * Moves `temp` to `target`: a rename when replacing is allowed, else a hard link, which fails if
 * `target` exists (on a file system without hard links: a check, then a rename).
 */
async function place(temp: string, target: string, force: boolean): Promise<void> {
  if (force) return rename(temp, target);
  const exists = new CliError(`${target} already exists; give a new name, or --force to replace it`);
  try {
    await link(temp, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw exists;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw err;
    if (existsSync(target)) throw exists;
    return rename(temp, target);
  }
  await unlink(temp);
}

// ─── restore ─────────────────────────────────────────────────────────────────────────────────────

/** 1234567.00 Ks → "1,234,567.00 Ks". */
const money = (pya: bigint) => `${formatMoney(pya).replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ',')} Ks`;

async function restore(p: Parsed, env: Env): Promise<string> {
  const dir = resolve(p.dataDir ?? env.DATA_DIR);
  const created = await freshFolder(dir);
  let restored: { summary: BooksSummary; sha256: string };
  try {
    const { tar, sha256 } = await readBackup(p.file);
    const summary = await restoreInto(tar, dir).catch((err: Error) => {
      throw new CliError(`${p.file} is not a usable backup: the database in it did not open (${err.message})`);
    });
    restored = { summary, sha256 };
  } catch (err) {
    await clearFolder(dir, created);
    throw err;
  }
  const report = restoreReport(p.file, dir, restored.summary, restored.sha256);
  const { offLedger, negative } = restored.summary;
  if (offLedger || negative) throw new CliError(`${report}\nthe books do not balance; the folder is kept for inspection: do not serve from it.`);
  return `${report}\nNext: stop the server, set DATA_DIR=${dir}, start it (docs/operator.md § Backups).`;
}

function restoreReport(file: string, dir: string, s: BooksSummary, sha256: string): string {
  const books =
    s.offLedger || s.negative
      ? `${s.offLedger} player(s) with a wallet unequal to its ledger, ${s.negative} with a negative wallet`
      : 'every wallet equals the sum of its ledger rows; none is negative';
  return [
    `restored ${resolve(file)} into ${dir}`,
    `  sha256        ${sha256}`,
    `  players       ${thousands(s.players)}`,
    `  ledger rows   ${thousands(s.ledgerRows)}`,
    `  game wallets  ${money(s.gameWallets)}`,
    `  main wallets  ${money(s.mainWallets)}`,
    `  books         ${books}`,
  ].join('\n');
}

/** Makes sure `dir` is a folder with nothing in it; true when this created it. */
async function freshFolder(dir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new CliError(`${dir} is a file, not a folder`);
    if (code !== 'ENOENT') throw err;
    await mkdir(dir, { recursive: true });
    return true;
  }
  if (entries.length) throw new CliError(`${dir} is not empty: restore into a new folder (--data-dir DIR), never over a database`);
  return false;
}

/** Undoes a failed restore: the folder removed if this made it, else emptied again. */
async function clearFolder(dir: string, created: boolean): Promise<void> {
  if (created) return rm(dir, { recursive: true, force: true });
  for (const entry of await readdir(dir)) await rm(join(dir, entry), { recursive: true, force: true });
}

/** The tar inside a backup file (gzip, or a tar someone unpacked), whole, and the file's sha256. */
async function readBackup(file: string): Promise<{ tar: Uint8Array; sha256: string }> {
  let raw: Buffer;
  try {
    raw = await readFile(file);
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as Error).message}`);
  }
  const sha256 = createHash('sha256').update(raw).digest('hex');
  let tar: Uint8Array = raw;
  if (raw[0] === 0x1f && raw[1] === 0x8b) {
    tar = await promisify(gunzip)(raw).catch((err: Error) => {
      throw new CliError(`${file} is damaged or incomplete (gzip: ${err.message}); use another copy`);
    });
  }
  if (!isWholeTar(tar)) throw new CliError(`${file} is not a complete backup (the archive is cut short or is not one); use another copy`);
  return { tar, sha256 };
}
