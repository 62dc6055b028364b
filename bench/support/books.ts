import { openPostgres } from '../../server/db/client';
import { checkBooks } from '../../server/domain/books';

/**
 * The books check (server/domain/books.ts, decision 0029) on a bench's database: every wallet
 * against its ledger, the chains, negative balances, every record against its ledger rows.
 * Returns the failures as the benches print them (empty when the books balance).
 */
export async function booksFailures(url: string): Promise<string[]> {
  const database = await openPostgres(url, 2);
  try {
    const result = await checkBooks(database.db);
    const s = result.summary;
    console.log(`books check: ${s.wallets} wallets, ${s.ledgerRows} ledger rows, ${s.records} records in ${s.durationMs} ms`);
    if (result.ok) return [];
    return Object.entries(s.byKind).map(([kind, n]) => `books ${kind}: ${n} (e.g. ${JSON.stringify(result.discrepancies.find((d) => d.kind === kind))})`);
  } finally {
    await database.close();
  }
}
