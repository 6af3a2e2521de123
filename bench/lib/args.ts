// A tiny flag parser: `--name value`, `--name=value` and bare `--flag`
// (true). No dependency, since the bench must run with what the repo has.

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const body = arg.slice(2);
    const eq = body.indexOf('=');
    if (eq >= 0) {
      flags.set(body.slice(0, eq), body.slice(eq + 1));
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      flags.set(body, next);
      i++;
    } else {
      flags.set(body, true);
    }
  }
  return { positional, flags };
}

/** A numeric flag; throws on junk so a typo never silently runs the default. */
export function numberFlag(args: ParsedArgs, name: string, fallback: number): number {
  const raw = args.flags.get(name);
  if (raw === undefined) return fallback;
  const value = raw === true ? NaN : Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`--${name} needs a non-negative number, got ${String(raw)}`);
  }
  return value;
}

export function boolFlag(args: ParsedArgs, name: string): boolean {
  const raw = args.flags.get(name);
  return raw === true || raw === 'true' || raw === '1';
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const raw = args.flags.get(name);
  return typeof raw === 'string' ? raw : undefined;
}
