/**
 * Runner tokens (spec 3 §2.9): everyone signed in sees the tokens and the runners connected with them (only
 * administrators see the secret itself); administrators add and delete tokens. The embedded runner's token stays.
 */
import { RUNNER_MESSAGES, type RunnerToken } from '@corridor/contract';
import { isAdmin, requireAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, conflict, notFound } from '../../shared/errors.ts';
import { newRunnerToken } from './embedded-token.ts';
import { isIpv4Range, isIpv6Range } from './ranges.ts';
import type { RunnerRow, RunnerTokenRow, RunnerTokensRepository } from './repository.ts';

export const TOKEN_NOT_FOUND = 'The runner token could not be found.';
export const EMBEDDED_TOKEN_KEPT = "The embedded runner's token cannot be deleted.";

export interface RunnerTokensDeps {
  tokens: RunnerTokensRepository;
  now: () => Date;
  /** A runner whose last heartbeat is older is no longer listed as connected (config RUNNER_HEARTBEAT_TIMEOUT_MS). */
  heartbeatTimeoutMs: number;
  /** Fails the jobs of the token's runners before the token goes (the runner protocol's failRunnersOfToken). */
  failRunnersOfToken: (tokenId: number) => Promise<unknown>;
}

export interface NewTokenInput {
  description: string;
  ipv4range: string;
  ipv6range: string;
}

export class RunnerTokensService {
  constructor(private readonly deps: RunnerTokensDeps) {}

  async list(actor: Actor | null): Promise<RunnerToken[]> {
    const user = requireUser(actor);
    const tokens = await this.deps.tokens.list();
    const since = new Date(this.deps.now().getTime() - this.deps.heartbeatTimeoutMs);
    const connected = await this.deps.tokens.runnersSince(tokens.map((t) => t.id), since);
    return tokens.map((t) => present(t, connected.filter((r) => r.tokenId === t.id), isAdmin(user)));
  }

  async create(actor: Actor | null, input: NewTokenInput): Promise<RunnerToken> {
    const user = requireAdmin(actor);
    if (!isIpv4Range(input.ipv4range)) throw badRequest(RUNNER_MESSAGES.badIpv4);
    if (!isIpv6Range(input.ipv6range)) throw badRequest(RUNNER_MESSAGES.badIpv6);
    const row = await this.deps.tokens.insert({ ...input, token: newRunnerToken(), createdBy: user.userId });
    return present(row, [], true);
  }

  async delete(actor: Actor | null, id: number): Promise<void> {
    requireAdmin(actor);
    const token = await this.deps.tokens.find(id);
    if (!token) throw notFound(TOKEN_NOT_FOUND);
    if (token.embedded) throw conflict(EMBEDDED_TOKEN_KEPT);
    await this.deps.failRunnersOfToken(id);
    await this.deps.tokens.delete(id);
  }
}

function present(token: RunnerTokenRow, runners: RunnerRow[], showSecret: boolean): RunnerToken {
  return {
    id: token.id,
    token: showSecret ? token.token : null,
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
