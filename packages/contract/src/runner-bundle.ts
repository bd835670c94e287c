/**
 * The downloadable runner (spec 3 §2.9 "A runner download link", §7 `GET /api/v1/jobs/files/{runner jar}`; issue 30):
 * one gzip'd tar with the folder `corridor-runner/`, run with Node.js alone.
 */
export const RUNNER_BUNDLE_FILE = 'corridor-runner.tgz';
/** Its address below /api/v1. */
export const RUNNER_BUNDLE_PATH = `/jobs/files/${RUNNER_BUNDLE_FILE}`;
/** The runner's script inside the unpacked folder. */
export const RUNNER_BUNDLE_SCRIPT = 'corridor-runner/bin/corridor-runner.mjs';
/** GET /jobs/files/{name} for any other name. */
export const RUNNER_BUNDLE_UNKNOWN = `There is no such runner file: the runner is ${RUNNER_BUNDLE_FILE}.`;
