#!/usr/bin/env bash
# Writes fixtures/gnubg/xgid-money-rules.tsv: for each value (0-3) of an XGID's field after the
# scores in a money session (length 0), whether GNU Backgammon's `set xgid` plays the session
# with the Jacoby rule and with beavers, as its `show jacoby` and `show beavers` say.
# Run from the repository root: bash bench/gnubg/xgid-money-rules.sh
set -euo pipefail
out=fixtures/gnubg/xgid-money-rules.tsv
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
printf 'xgid\tgnubg_jacoby\tgnubg_beavers\n' >"$out"
for field in 0 1 2 3; do
  xgid="XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:$field:0:10"
  said=$(printf 'set xgid %s\nshow jacoby\nshow beavers\n' "$xgid" | HOME="$home" /usr/games/gnubg -t -q -r 2>&1)
  jacoby=with beavers=with
  grep -q 'This money session is played without the Jacoby rule' <<<"$said" && jacoby=without
  grep -q 'No beavers allowed' <<<"$said" && beavers=without
  printf '%s\t%s\t%s\n' "$xgid" "$jacoby" "$beavers" >>"$out"
done
echo "wrote $out"
