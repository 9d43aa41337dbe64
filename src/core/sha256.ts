// SHA-256 by Node's one-shot `crypto.hash` (20.12 and later), which makes no Hash object and
// stream per call as `createHash` does; `createHash` on the Node versions without it. The
// duplicate check hashes every match with it, the results cache every file.
import * as crypto from 'node:crypto';

const oneShot = typeof (crypto as { hash?: unknown }).hash === 'function';

export function sha256Hex(bytes: Uint8Array): string {
  return oneShot ? crypto.hash('sha256', bytes, 'hex') : crypto.createHash('sha256').update(bytes).digest('hex');
}

export function sha256Bytes(bytes: Uint8Array): Buffer {
  return oneShot ? crypto.hash('sha256', bytes, 'buffer') : crypto.createHash('sha256').update(bytes).digest();
}
