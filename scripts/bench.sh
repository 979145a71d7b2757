#!/usr/bin/env bash
# Every benchmark, one after another; each prints its own figures (ratios and
# percentiles). Not a test: nothing here passes or fails on timing.
# Pass sizes through the environment of each script (see its header).
set -euo pipefail
cd "$(dirname "$0")/.."
for bench in bench:library bench:catalog bench:sync bench:pages bench:sources; do
	echo "=== npm run $bench"
	npm run --silent "$bench"
done
