/**
 * Runner tokens (spec 3 §2.9, issue 26). Administrators list, add, edit and delete tokens and see the connected
 * runners with their resources; the secret is shown once, in the answer to adding it (the database keeps its
 * SHA-256). Everyone else signed in sees only which runners are online (name, capabilities, sandbox, busy), so they
 * know whether runs will start. The embedded runner's token stays as the server made it.
 */
import { RUNNER_MESSAGES, type CreatedRunnerToken, type OnlineRunner, type RunnerToken } from '@corridor/contract';
import { requireAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, conflict, notFound } from '../../shared/errors.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import { newRunnerToken, storedToken } from './embedded-token.ts';
import { isIpv4Range, isIpv6Range } from './ranges.ts';
import type { RunnerRow, RunnerTokenRow, RunnerTokensRepository } from './repository.ts';

export const TOKEN_NOT_FOUND = 'The runner token could not be found.';
export const EMBEDDED_TOKEN_KEPT = "The embedded runner's token cannot be deleted.";
export const EMBEDDED_TOKEN_FIXED = "The embedded runner's token cannot be changed: it allows only this server's own loopback addresses.";

export interface RunnerTokensDeps {
  tokens: RunnerTokensRepository;
  now: () => Date;
  /** A runner whose last heartbeat is older is no longer listed as connected (config RUNNER_HEARTBEAT_TIMEOUT_MS). */
  heartbeatTimeoutMs: number;
  /** Fails the jobs of the token's runners before the token goes (the runner protocol's failRunnersOfToken). */
  failRunnersOfToken: (tokenId: number) => Promise<unknown>;
  /** The server log's lifecycle lines (issue 26). */
  events?: EventLog;
}

export interface NewTokenInput {
  description: string;
  ipv4range: string;
  ipv6range: string;
}

export class RunnerTokensService {
  constructor(private readonly deps: RunnerTokensDeps) {}

  private get events(): EventLog {
    return this.deps.events ?? NO_EVENTS;
  }

  /** The tokens with their connected runners: administrators only. */
  async list(actor: Actor | null): Promise<RunnerToken[]> {
    requireAdmin(actor);
    const tokens = await this.deps.tokens.list();
    const connected = await this.deps.tokens.runnersSince(
      tokens.map((t) => t.id),
      this.since(),
    );
    return tokens.map((t) => present(t, connected.filter((r) => r.tokenId === t.id)));
  }

  /** The runners online now, for everyone signed in: no tokens, addresses or resources. */
  async online(actor: Actor | null): Promise<OnlineRunner[]> {
    requireUser(actor);
    const connected = await this.deps.tokens.runnersSince('all', this.since());
    return connected.map((r) => ({
      name: r.name,
      capabilities: r.capabilities,
      sandboxed: r.sandboxed,
      busy: r.availableResources.cpuCores < r.totalResources.cpuCores || r.availableResources.ramInGb < r.totalResources.ramInGb,
    }));
  }

  async create(actor: Actor | null, input: NewTokenInput): Promise<CreatedRunnerToken> {
    const user = requireAdmin(actor);
    checkRanges(input);
    const token = newRunnerToken();
    const row = await this.deps.tokens.insert({ ...input, ...storedToken(token), createdBy: user.userId });
    this.events.info({ event: 'runner-token.created', tokenId: row.id, description: input.description, ipv4range: input.ipv4range, ipv6range: input.ipv6range, ...actedBy(user) }, 'runner token created');
    return { ...present(row, []), token };
  }

  /** New description and ranges; they apply to the token's runners from their next call on. */
  async update(actor: Actor | null, id: number, input: NewTokenInput): Promise<RunnerToken> {
    const admin = requireAdmin(actor);
    const token = await this.deps.tokens.find(id);
    if (!token) throw notFound(TOKEN_NOT_FOUND);
    if (token.embedded) throw conflict(EMBEDDED_TOKEN_FIXED);
    checkRanges(input);
    const row = await this.deps.tokens.update(id, input);
    if (!row) throw notFound(TOKEN_NOT_FOUND);
    this.events.info({ event: 'runner-token.changed', tokenId: id, description: input.description, ipv4range: input.ipv4range, ipv6range: input.ipv6range, ...actedBy(admin) }, 'runner token changed');
    const connected = await this.deps.tokens.runnersSince([id], this.since());
    return present(row, connected);
  }

  async delete(actor: Actor | null, id: number): Promise<void> {
    const admin = requireAdmin(actor);
    const token = await this.deps.tokens.find(id);
    if (!token) throw notFound(TOKEN_NOT_FOUND);
    if (token.embedded) throw conflict(EMBEDDED_TOKEN_KEPT);
    const failedJobs = await this.deps.failRunnersOfToken(id);
    await this.deps.tokens.delete(id);
    this.events.info({ event: 'runner-token.deleted', tokenId: id, failedJobs, ...actedBy(admin) }, 'runner token deleted');
  }

  private since(): Date {
    return new Date(this.deps.now().getTime() - this.deps.heartbeatTimeoutMs);
  }
}

/** CIDR ranges, and at least one of them: a token no address may use is refused (docs/decisions.md, issue 26). */
function checkRanges(input: NewTokenInput): void {
  if (!isIpv4Range(input.ipv4range)) throw badRequest(RUNNER_MESSAGES.badIpv4);
  if (!isIpv6Range(input.ipv6range)) throw badRequest(RUNNER_MESSAGES.badIpv6);
  if (input.ipv4range.trim() === '' && input.ipv6range.trim() === '') throw badRequest(RUNNER_MESSAGES.noRange);
}

function present(token: RunnerTokenRow, runners: RunnerRow[]): RunnerToken {
  return {
    id: token.id,
    tokenHint: token.tokenHint,
    description: token.description,
    ipv4range: token.ipv4range,
    ipv6range: token.ipv6range,
    embedded: token.embedded,
    connectedRunners: runners.map((r) => ({
      runnerId: r.id,
      name: r.name,
      capabilities: r.capabilities,
      sandboxed: r.sandboxed,
      availableResources: r.availableResources,
      totalResources: r.totalResources,
      lastHeartbeat: r.lastHeartbeat.toISOString(),
    })),
  };
}
