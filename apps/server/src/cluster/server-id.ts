/**
 * Each server process has an id (issue 30, several servers on one database): random at start, logged in the
 * startup line, written into the claims (`background_work.claimed_by`, `leader_leases.held_by`) it holds.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

export function newServerId(): string {
  return `${hostname().slice(0, 40)}-${process.pid}-${randomBytes(4).toString('hex')}`;
}
