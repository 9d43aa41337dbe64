// A mistake in how a command was called, in a module of its own: common.ts and the option
// readers it calls (baseline.ts) both throw it, and baseline.ts does not import common.ts.

/** A mistake in how the command was called, or an output it cannot write: exit 2, one sentence. */
export class UsageError extends Error {}
