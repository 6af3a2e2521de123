import { SIZE_BASE } from '../constants';

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/** Spec 5: units B, kB, MB, GB, TB, base 1024, 2 decimals ("1.50 kB"). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0.00 B';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(SIZE_BASE)), UNITS.length - 1);
  const value = bytes / SIZE_BASE ** exponent;
  return `${value.toFixed(2)} ${UNITS[exponent]}`;
}
