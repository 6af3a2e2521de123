import { readFileSync } from 'node:fs';

// Reads a V8 .cpuprofile (node --cpu-prof) and ranks functions by self time.
// The profile spans the server's whole life, seeding included; passing the
// measured window (CLOCK_MONOTONIC microseconds, the clock both V8 and
// process.hrtime use on Linux) keeps only the samples taken under load.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface HotSpot {
  name: string;
  selfMs: number;
  percent: number;
}

export interface ProfileSummary {
  windowMs: number;
  sampledMs: number;
  idleMs: number;
  functions: HotSpot[];
  /** Self time grouped by package (node_modules/<pkg>) or repository folder. */
  modules: HotSpot[];
}

function moduleOf(url: string): string {
  if (url === '') return '(native/V8)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm?.[1]) return nm[1];
  if (url.startsWith('node:')) return 'node:' + (url.slice(5).split('/')[0] ?? '');
  const pkg = /packages\/([^/]+)\/src\/([^/]+)/.exec(url);
  if (pkg) return `${pkg[1]}/${pkg[2]}`;
  return url;
}

function rank(map: Map<string, number>, total: number, top: number): HotSpot[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, selfMs: us / 1000, percent: (100 * us) / total }));
}

export function summarizeProfile(
  file: string,
  window?: { fromUs: number; toUs: number },
  top = 20,
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fnSelf = new Map<string, number>();
  const modSelf = new Map<string, number>();
  let t = profile.startTime;
  let sampled = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (window && (t < window.fromUs || t > window.toUs)) continue;
    const node = byId.get(profile.samples[i] ?? -1);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += delta;
      continue;
    }
    sampled += delta;
    const file = url.replace(/^file:\/\/.*?\/(packages|node_modules)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    fnSelf.set(key, (fnSelf.get(key) ?? 0) + delta);
    const mod = moduleOf(url);
    modSelf.set(mod, (modSelf.get(mod) ?? 0) + delta);
  }
  const total = Math.max(1, sampled);
  return {
    windowMs: window ? (window.toUs - window.fromUs) / 1000 : (t - profile.startTime) / 1000,
    sampledMs: sampled / 1000,
    idleMs: idle / 1000,
    functions: rank(fnSelf, total, top),
    modules: rank(modSelf, total, 12),
  };
}

/** Monotonic microseconds, comparable with the profile's timestamps. */
export function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}
