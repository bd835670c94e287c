#!/bin/sh
# The production layout (issue 30): what the Dockerfile's runtime image holds, made from this checkout into DEST,
# with production dependencies only. The Dockerfile runs it in its build stage, and
# apps/server/test/production-layout.test.ts runs it into a temporary folder and starts the server from there.
#
#   scripts/production-layout.sh DEST     (after npm ci and npm run build:web in this checkout)
#
# DEST gets: the server's, the runner's and the packages' TypeScript sources (tsx runs them; tests left out), the
# built web app (apps/web/dist), every workspace's package.json (npm ci checks the lock against all of them), and
# node_modules from `npm ci --omit=dev` for the server and the runner workspaces (no web app sources or build
# tools, no test tools). Start the server there with: node --import tsx apps/server/src/main.ts
set -eu

dest=${1:?usage: scripts/production-layout.sh DEST}
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"

if [ ! -f apps/web/dist/index.html ]; then
  echo "production-layout: apps/web/dist has no build; run npm run build:web first" >&2
  exit 1
fi
if [ -e "$dest" ] && [ -n "$(ls -A "$dest")" ]; then
  echo "production-layout: $dest is not empty" >&2
  exit 1
fi
mkdir -p "$dest"

# Sources without tests, dependencies or builds.
tar -cf - \
  --exclude=node_modules --exclude=dist --exclude=test --exclude='*.test.ts' --exclude='*.test.tsx' \
  .npmrc package.json package-lock.json tsconfig.base.json \
  apps/server apps/runner packages \
  apps/web/package.json e2e/package.json bench/package.json |
  tar -xf - -C "$dest"
# The web app as built.
tar -cf - apps/web/dist | tar -xf - -C "$dest"

cd "$dest"
npm ci --omit=dev --workspace=apps/server --workspace=apps/runner --no-audit --no-fund --loglevel=error
