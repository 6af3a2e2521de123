// When a send (or any write) is acknowledged. `commit`, the default: after
// the transaction commits, which survives a crash of the process (SQLite
// WAL with synchronous=NORMAL; PostgreSQL's default synchronous_commit=on)
// but on SQLite not an OS crash or power cut, which can lose the last
// commits. `fsync`: only once the commit is on disk (SQLite synchronous=FULL;
// PostgreSQL synchronous_commit=on even where the server turned it off), at
// the cost of one fsync per commit. Set with DURABILITY; see docs/OPERATIONS.md.

export const DURABILITIES = ['commit', 'fsync'] as const;
export type Durability = (typeof DURABILITIES)[number];
