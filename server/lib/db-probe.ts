/**
 * What the database layer tells the metrics (server/lib/metrics.ts, decision 0033): its pool's
 * figures, and a count of failed statements. A leaf module, so db/client.ts need not import the
 * metrics (which read the database's business figures).
 */
export interface PoolStats {
  size: number;
  inUse: number;
  waiting: number;
}

export interface DatabaseProbe {
  pool(): PoolStats;
}

/** Failed database queries of this process (db/client.ts counts them); one counter per process. */
export const queryErrors = { count: 0 };
