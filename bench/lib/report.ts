// Output: an aligned two-column table for people, then exactly one JSON line
// (prefixed `BENCH_JSON `) for scripts and CI to grep.

export type Row = [label: string, value: string | number | boolean | null];

export function printTable(title: string, rows: readonly Row[]): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = [`\n${title}`, '-'.repeat(title.length)];
  for (const [label, value] of rows) {
    const shown = typeof value === 'number' && Number.isNaN(value) ? 'n/a' : String(value);
    lines.push(`${label.padEnd(width)}  ${shown}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

export function printJsonLine(record: Record<string, unknown>): void {
  // JSON turns NaN into null, which is what a missing figure should be.
  process.stdout.write(`BENCH_JSON ${JSON.stringify(record)}\n`);
}
