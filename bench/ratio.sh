#!/usr/bin/env bash
# Speed as a ratio to the hand-written limit (issue 16).
#
# Builds the hand-written engines (`../shared/limit`, or $LIMIT_DIR) and ludus in release, then
# for T'oki, Woli, Sig and Tabou runs the two programs interleaved, one thread each, $ROUNDS
# rounds (default 5), and prints per game the median playouts per CPU-second of each and the
# ratio ludus / limit. CPU time, not the wall clock, so that other work on the cores counts less.
#
#   bench/ratio.sh                     # from the repository's root or anywhere
#   ROUNDS=7 SECONDS_PER_RUN=3 bench/ratio.sh
#   LIMIT_DIR=/path/to/limit bench/ratio.sh
#   GAMES="sig woli" bench/ratio.sh     # some of the four
#
# The limit reports `playouts_per_cpu_second` itself (after a warm-up of one second). ludus's CPU
# time is the user and system time of its process (bash's `time`), load included (under 1 ms).
set -euo pipefail

script=ratio.sh
rounds=${ROUNDS:-5}
seconds=${SECONDS_PER_RUN:-2}
games=${GAMES:-toki woli sig tabou}
for g in $games; do
  if [[ ! -f $(dirname "${BASH_SOURCE[0]}")/../games/$g.game ]]; then
    echo "ratio.sh: no games/$g.game (the games are toki, woli, sig and tabou)" >&2
    exit 1
  fi
done
. "$(dirname "${BASH_SOURCE[0]}")/build.sh"

scratch=$(mktemp)
trap 'rm -f "$scratch"' EXIT

# One field of a one-line JSON object; stops the script when a run printed none.
field() {
  local v
  v=$(grep -o "\"$2\":[-0-9.e+]*" <<<"$1" | head -1 | cut -d: -f2 || true)
  if [[ -z $v ]]; then
    echo "ratio.sh: no $2 in the output of a run: $1" >&2
    exit 1
  fi
  echo "$v"
}

# ludus's playouts per CPU-second: N playouts timed by bash's `time` (user + system).
ludus_rate() {
  local game=$1 n=$2 out cpu
  local TIMEFORMAT='%3U %3S'
  cpu=$( { time "$ludus" run "$repo/games/$game.game" --playouts "$n" --seed 1 --threads 1 \
    --format json >"$scratch" 2>/dev/null; } 2>&1)
  out=$(<"$scratch")
  awk -v p="$(field "$out" playouts)" -v t="$cpu" 'BEGIN { split(t, a, " "); printf "%.1f\n", p / (a[1] + a[2]) }'
}

limit_rate() {
  local out
  out=$("$limit" playouts "$1" --seconds "$seconds" --seed 1)
  field "$out" playouts_per_cpu_second
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

declare -A count ludus_runs limit_runs
for g in $games; do
  # A run of about $seconds seconds, from a short first run.
  r=$(ludus_rate "$g" 5000)
  count[$g]=$(awk -v r="$r" -v s="$seconds" 'BEGIN { printf "%d\n", r * s }')
done
for ((i = 1; i <= rounds; i++)); do
  for g in $games; do
    ludus_runs[$g]+="$(ludus_rate "$g" "${count[$g]}") "
    limit_runs[$g]+="$(limit_rate "$g") "
  done
  echo "round $i of $rounds done" >&2
done

# The median of each, the ratio, and the range of each program's rounds (how noisy they were).
spread() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.0f-%.0f", lo, hi }'; }
printf '%-6s %10s %10s %6s   %-24s %s\n' game ludus limit ratio "ludus's rounds" "limit's rounds"
for g in $games; do
  runs_l=$(tr ' ' '\n' <<<"${ludus_runs[$g]}" | grep .)
  runs_h=$(tr ' ' '\n' <<<"${limit_runs[$g]}" | grep .)
  l=$(median <<<"$runs_l")
  h=$(median <<<"$runs_h")
  awk -v g="$g" -v l="$l" -v h="$h" -v sl="$(spread <<<"$runs_l")" -v sh="$(spread <<<"$runs_h")" \
    'BEGIN { printf "%-6s %10.0f %10.0f %6.3f   %-24s %s\n", g, l, h, l / h, sl, sh }'
done
echo "(playouts per CPU-second, one thread, median of $rounds interleaved rounds)"
