#!/usr/bin/env bash
# npm run bench:sources [-- <args passed to every benchmark>]
# Runs every benchmark of the playback sources (bench/sources/*.ts) in turn;
# each prints its own figures. Not a test: nothing here fails on timing.
set -euo pipefail
cd "$(dirname "$0")/.."
for bench in bench/sources/*.ts; do
	# A *.child.ts is a process one of the benches starts, not a bench.
	[[ "$bench" == *.child.ts ]] && continue
	echo "=== $bench"
	LOG_LEVEL="${LOG_LEVEL:-silent}" npx tsx "$bench" "$@"
done
