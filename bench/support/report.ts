/**
 * A bench's end: the invariant's failures (exit 1), else its ok line and 0 when the throughput
 * met the target, 2 when it did not.
 */
export function finalVerdict(failures: readonly string[], text: { failed: string; ok: string }, metTarget: boolean): number {
  if (failures.length) {
    console.log(`${text.failed} FAILED:`);
    for (const f of failures) console.log(`  ${f}`);
    return 1;
  }
  console.log(text.ok);
  return metTarget ? 0 : 2;
}
