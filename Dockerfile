# Willow: build once, run the built server.
#   docker build -t willow .
#   docker run -p 3000:3000 -v willow-data:/data willow
# Several app servers on one PostgreSQL and Redis: see docker-compose.yml and
# README "Several app servers".

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci installs exactly the lockfile (which lists every platform's native packages) and fails if it is out of date.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx react-router build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
# ffmpeg remuxes and transcodes media-folder files the browser cannot play.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/server.js ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/server/sources/sample/clips ./server/sources/sample/clips
RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production \
	PORT=3000 \
	HOST=0.0.0.0 \
	DATA_DIR=/data \
	WEB_CONCURRENCY=2 \
	TRUST_PROXY=false \
	DATABASE_URL= \
	REDIS_URL= \
	CANONICAL_HOST= \
	TMDB_API_KEY=
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
