import { describe, expect, it } from 'vitest';
import { startLine } from './start-line';

describe('the start line', () => {
  it('names the address to open, who can reach it and what the first account becomes', () => {
    expect(startLine({ host: '127.0.0.1', port: 8080, empty: true })).toBe(
      'Parley is ready at http://localhost:8080: only this machine can reach it; ' +
        'set HOST=0.0.0.0 to open it to the network. The first account registered becomes the administrator.',
    );
    expect(startLine({ host: '0.0.0.0', port: 80, empty: false })).toBe(
      'Parley is ready at http://localhost:80: listening on 0.0.0.0, so other machines on the network can reach it.',
    );
    expect(startLine({ host: '192.168.1.20', port: 8080, empty: true })).toContain(
      'http://192.168.1.20:8080: listening on 192.168.1.20',
    );
    expect(startLine({ host: 'fd00::5', port: 8080, empty: false })).toContain(
      'http://[fd00::5]:8080',
    );
  });
});
