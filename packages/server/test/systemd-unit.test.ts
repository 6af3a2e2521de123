import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The systemd unit docs/OPERATIONS.md shows: it restarts on failure with a
// back-off and never gives up, and systemd itself reads it without a
// complaint beyond the two back-off keys older systemd (< 254) does not know.

const operations = readFileSync(new URL('../../../docs/OPERATIONS.md', import.meta.url), 'utf8');
const unit = /```ini\n(# \/etc\/systemd\/system\/parley\.service\n[\s\S]*?)```/.exec(
  operations,
)?.[1];

function systemdAnalyze(): string | null {
  try {
    execFileSync('systemd-analyze', ['--version'], { stdio: 'ignore' });
    return 'systemd-analyze';
  } catch {
    return null;
  }
}

describe('the systemd unit in OPERATIONS.md', () => {
  it('restarts on failure with a growing delay and never gives up', () => {
    expect(unit).toBeDefined();
    const keys = new Map(
      (unit ?? '')
        .split('\n')
        .filter((l) => /^[A-Za-z]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(keys.get('Restart')).toBe('on-failure');
    expect(keys.get('RestartSec')).toBe('5s');
    expect(keys.get('RestartSteps')).toBe('5');
    expect(keys.get('RestartMaxDelaySec')).toBe('60s');
    expect(keys.get('StartLimitIntervalSec')).toBe('0');
  });

  it('runs node with the flags npm start gives it (none today: docs/ARCHITECTURE.md "Memory")', () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as { scripts: { start: string } };
    const flagsOf = (command: string) => command.split(/\s+/).filter((w) => w.startsWith('--'));
    const execStart = /^ExecStart=(.*)$/m.exec(unit ?? '')?.[1] ?? '';
    expect(flagsOf(execStart)).toEqual(flagsOf(pkg.scripts.start));
  });

  // Machines without systemd (containers) check the keys above only.
  const analyze = systemdAnalyze();
  it.runIf(analyze)('is read by systemd-analyze verify without complaint', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-unit-'));
    try {
      const file = join(dir, 'parley.service');
      // ExecStart must name an existing binary: this machine's node.
      writeFileSync(file, (unit ?? '').replace('/usr/bin/node', process.execPath));
      const result = spawnSync(analyze ?? 'systemd-analyze', ['verify', file], {
        encoding: 'utf8',
      });
      const complaints = `${result.stdout}${result.stderr}`
        .split('\n')
        .filter(Boolean)
        .filter((l) => !/Unknown key '(RestartSteps|RestartMaxDelaySec)'/.test(l));
      expect(complaints).toEqual([]);
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
