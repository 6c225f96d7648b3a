# One image for the api, the worker, migrations and bin/ctl (docker-compose.yml picks the command).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src src
COPY workflows workflows
COPY activities activities
COPY migrations migrations
RUN ./node_modules/.bin/tsc -p tsconfig.build.json && npm run --silent build:widget && node dist/src/cli/bundle-workflows.js && npm prune --omit=dev

FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY package.json ./
USER node
CMD ["node", "dist/src/server.js"]
