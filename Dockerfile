# syntax=docker/dockerfile:1
# Corridor's images (issue 30; README "Production deployment"). Two targets from one build:
#   docker build --target server -t corridor-server .    the platform: API, web app, background work (port 8080)
#   docker build --target runner -t corridor-runner .    a runner with bubblewrap (jobs in its sandbox)
# compose.yaml runs both with PostgreSQL. The build stage's layout step is scripts/production-layout.sh, the same
# script apps/server/test/production-layout.test.ts builds and starts the server from (Docker itself is not needed
# for that test).

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every workspace with its dev dependencies; the web app built; the runtime's folder /app made with
# production dependencies only; the runner download unpacked into /runner.
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build:web \
 && sh scripts/production-layout.sh /app \
 && node --import tsx apps/server/src/cli/runner-bundle.ts /tmp/corridor-runner.tgz \
 && mkdir /runner && tar xzf /tmp/corridor-runner.tgz -C /runner

# ---- server: Node.js, the layout and nothing else; runs as the image's unprivileged user `node`.
FROM ${NODE_IMAGE} AS server
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/data \
    EMBEDDED_RUNNER=false
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node itself (no shell in between): requests in flight finish, then it exits.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]

# ---- runner: the downloadable runner (Node.js alone) with bubblewrap for the job sandbox. RUNNER_PACKAGES adds
# Debian packages, e.g. --build-arg RUNNER_PACKAGES=openjdk-17-jre-headless for MATSim job templates with Java.
FROM ${NODE_IMAGE} AS runner
ARG RUNNER_PACKAGES=""
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends bubblewrap ca-certificates ${RUNNER_PACKAGES} \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /runner/corridor-runner /opt/corridor-runner
RUN mkdir -p /work && chown node:node /work
USER node
WORKDIR /work
VOLUME ["/work"]
# The token comes from CORRIDOR_RUNNER_TOKEN; the server's address and the rest as arguments (compose.yaml).
ENTRYPOINT ["node", "/opt/corridor-runner/bin/corridor-runner.mjs"]
CMD ["--server", "http://server:8080", "--work", "/work"]
