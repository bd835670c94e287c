export { Agent, CANCEL_MESSAGES, TokenRefusedError, type AgentOptions } from './agent.ts';
export { parseArgs, TOKEN_ENV, USAGE, UsageError, type RunnerOptions } from './args.ts';
export { ProtocolClient, NetworkError, ServerError } from './client.ts';
export { buildCommand, engineArgv, splitWords } from './job/command.ts';
export { rewriteConfig, writeWorkingConfig } from './job/working-config.ts';
