/**
 * The one argument splitter of every `npm run admin -- …` command: `--flag value` and
 * `--flag=value` pairs (and declared `--switch`es with no value), the rest positional, in order.
 * A flag not in `flags` (when given), or one missing its value, is a UsageError naming it; each
 * command prints its usage for it.
 */
export class UsageError extends Error {}

export interface SplitArgs {
  positional: string[];
  flags: Record<string, string>;
  switches: Set<string>;
}

export function splitArgs(argv: readonly string[], opts: { flags?: readonly string[]; switches?: readonly string[] } = {}): SplitArgs {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline === undefined && opts.switches?.includes(name)) {
      switches.add(name);
      continue;
    }
    if (opts.flags && !opts.flags.includes(name)) throw new UsageError(`bad option --${name}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    flags[name] = value;
  }
  return { positional, flags, switches };
}

/** The same, or null where the command answers a bad option with its usage. */
export function splitArgsOrNull(argv: readonly string[], opts: { flags?: readonly string[] } = {}): SplitArgs | null {
  try {
    return splitArgs(argv, opts);
  } catch (err) {
    if (err instanceof UsageError) return null;
    throw err;
  }
}
