#!/usr/bin/env bash
# The whole test suite: typecheck, format check, lint, unit + integration tests (SQLite,
# PostgreSQL, Redis), then end-to-end tests in Chromium on the production build, and their
# @pg subset against PostgreSQL + Redis with two app servers (playwright.pg.config.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-services.sh

echo "== typecheck"
npx react-router typegen
npx tsc --noEmit

echo "== format (Prettier)"
npx prettier --check . --log-level warn

echo "== lint"
npx eslint --max-warnings=0 .

echo "== production build"
npx react-router build

echo "== unit and integration tests"
npx vitest run

echo "== end-to-end tests (Chromium)"
npx playwright test

echo "== end-to-end subset on PostgreSQL + Redis, two app servers on one database"
npx playwright test --config playwright.pg.config.ts
