#!/usr/bin/env bash
# Perft as a ratio to the hand-written limit (issue 16): Woli at depth 9 and Tabou at depth 6.
#
# Builds the hand-written engines (`../shared/limit`, or $LIMIT_DIR) and ludus in release, then
# runs `native-ref perft G D` and `ludus perft games/G.game --depth D` on one thread (rayon's pool
# of one), interleaved, $ROUNDS rounds (default 3), and prints per game the median CPU seconds of
# each (user plus system) and the ratio of their speeds, limit time / ludus time. The limit's run
# is near the clock's resolution, so each of its rounds is the mean of $LIMIT_RUNS runs (10).
# Both count the same tree, every level; the counts of the two are compared, and the script
# stops if they differ.
#
#   bench/perft.sh
#   ROUNDS=5 bench/perft.sh
#   PERFT="woli:9 tabou:6 toki:5" bench/perft.sh
set -euo pipefail

script=perft.sh
rounds=${ROUNDS:-3}
limit_runs=${LIMIT_RUNS:-10}
cases=${PERFT:-woli:9 tabou:6}
. "$(dirname "${BASH_SOURCE[0]}")/build.sh"

out=$(mktemp)
trap 'rm -f "$out"' EXIT

# CPU seconds (user + system) of a command, its output left in $out.
cpu() {
  local TIMEFORMAT='%3U %3S' t
  t=$( { time "$@" >"$out" 2>/dev/null; } 2>&1)
  awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.4f\n", a[1] + a[2] }'
}

# The per-level counts of a run's output: "depth count" lines only.
levels() { grep -E '^[0-9]+ [0-9]+$' "$out"; }

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

declare -A ludus_times limit_times
for c in $cases; do
  g=${c%:*} d=${c#*:}
  if [[ ! -f $repo/games/$g.game ]]; then
    echo "perft.sh: no games/$g.game" >&2
    exit 1
  fi
  RAYON_NUM_THREADS=1 "$ludus" perft "$repo/games/$g.game" --depth "$d" >"$out"
  ours=$(levels)
  "$limit" perft "$g" "$d" >"$out"
  if [[ $ours != "$(levels)" ]]; then
    echo "perft.sh: $g at depth $d: ludus and the limit count different trees" >&2
    exit 1
  fi
done
for ((i = 1; i <= rounds; i++)); do
  for c in $cases; do
    g=${c%:*} d=${c#*:}
    ludus_times[$c]+="$(RAYON_NUM_THREADS=1 cpu "$ludus" perft "$repo/games/$g.game" --depth "$d") "
    total=0
    for ((k = 0; k < limit_runs; k++)); do
      total=$(awk -v a="$total" -v b="$(cpu "$limit" perft "$g" "$d")" 'BEGIN { print a + b }')
    done
    limit_times[$c]+="$(awk -v t="$total" -v n="$limit_runs" 'BEGIN { printf "%.4f", t / n }') "
  done
  echo "round $i of $rounds done" >&2
done

printf '%-10s %10s %10s %6s\n' perft ludus limit ratio
for c in $cases; do
  l=$(tr ' ' '\n' <<<"${ludus_times[$c]}" | grep . | median)
  h=$(tr ' ' '\n' <<<"${limit_times[$c]}" | grep . | median)
  awk -v c="$c" -v l="$l" -v h="$h" 'BEGIN { printf "%-10s %9.3fs %9.3fs %6.3f\n", c, l, h, h / l }'
done
echo "(CPU seconds, one thread, median of $rounds interleaved rounds; ratio: the limit's time over ludus's)"
