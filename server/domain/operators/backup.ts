/**
 * An owner's copy of the embedded database (decision 0030): the dump is taken between transactions
 * (db/backup.ts) and recorded in the audit — who took a copy of every player's data, when, its size
 * and checksum — before a byte of it is sent (routes/admin/backup.ts streams it).
 */
import type { Database } from '../../db/client';
import { describeDump, dumpEmbedded } from '../../db/backup';
import { recordAudit, type AuditEntry } from './audit';

export interface AuditedDump {
  dump: Blob;
  bytes: number;
  sha256: string;
}

/** The embedded (PGlite) database's data folder as a tar, audited as `database.backup`. */
export async function takeAuditedBackup(database: Database, who: Pick<AuditEntry, 'actor' | 'ip' | 'at'>): Promise<AuditedDump> {
  const dump = await dumpEmbedded(database);
  const { bytes, sha256 } = await describeDump(dump);
  const after = { tar_bytes: bytes, tar_sha256: sha256 };
  await recordAudit(database.db, { ...who, action: 'database.backup', target: { type: 'database', id: 'embedded' }, before: null, after });
  return { dump, bytes, sha256 };
}
