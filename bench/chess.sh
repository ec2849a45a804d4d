#!/usr/bin/env bash
# Chess perft against shakmaty (issue 37): ludus's games/chess.game and a chess library written for
# speed, on the same trees.
#
# Builds ludus and the reference (`bench/chess`, a Cargo project of its own over the shakmaty
# crate) in release, then for the start position (depth $START_DEPTH, default 5) and Kiwipete
# (tests/variants/chess-kiwipete.game, depth $KIWIPETE_DEPTH, default 4) runs
# `ludus perft FILE --depth N` and `chess-reference perft FEN N`, one thread each (rayon's pool of
# one), interleaved, $ROUNDS rounds (default 3). It prints per position the leaves (perft(N)) per
# second of each, the median of the rounds, and the ratio ludus / reference.
#
# ludus counts every level and bulk-counts the last (its leaves are counted, not played): it is
# compared with the reference's bulk count. The reference's count that plays every leaf is
# printed too, with its ratio. Each program times its count alone (wall clock, after loading);
# the reference repeats a count shorter than half a second and gives the mean. The node counts of
# the two are compared first, and the script stops if they differ.
#
#   bench/chess.sh
#   START_DEPTH=6 ROUNDS=5 bench/chess.sh
set -euo pipefail

script=chess.sh
rounds=${ROUNDS:-3}
start_depth=${START_DEPTH:-5}
kiwipete_depth=${KIWIPETE_DEPTH:-4}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# name, game file, FEN (the same position), depth
positions=(
  "start|$repo/games/chess.game|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|$start_depth"
  "kiwipete|$repo/tests/variants/chess-kiwipete.game|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|$kiwipete_depth"
)
for p in "${positions[@]}"; do
  IFS='|' read -r _ file _ _ <<<"$p"
  if [[ ! -f $file ]]; then
    echo "$script: no $file" >&2
    exit 1
  fi
done

echo "building ludus and the reference (bench/chess)..." >&2
(cd "$repo" && cargo build --release --quiet)
(cd "$repo/bench/chess" && cargo build --release --locked --quiet --target-dir "$repo/target/chess-reference")
. "$repo/bench/target.sh"
reference=$repo/target/chess-reference/release/chess-reference

fail() {
  echo "$script: $*" >&2
  exit 1
}

# ludus's perft(N) and seconds, from its JSON line: "NODES SECONDS".
ludus_run() {
  local out leaves secs
  out=$(RAYON_NUM_THREADS=1 "$ludus" perft "$1" --depth "$2" --format json) ||
    fail "ludus perft $1 --depth $2 failed"
  leaves=$(grep -o '"counts":\[[0-9,]*\]' <<<"$out" | grep -o '[0-9]*\]$' | tr -d ']') || true
  secs=$(grep -o '"seconds":[0-9.e+-]*' <<<"$out" | cut -d: -f2) || true
  [[ -n $leaves && -n $secs ]] || fail "no counts or seconds in ludus's output: $out"
  echo "$leaves $secs"
}

# The reference's perft(N) and seconds, bulk-counted or playing every leaf: "NODES SECONDS".
reference_run() {
  local out line
  out=$("$reference" perft "$1" "$2" "$3") || fail "chess-reference perft '$1' $2 $3 failed"
  line=$(awk -v k="$3" '$1 == k { print $2, $3 }' <<<"$out")
  [[ -n $line ]] || fail "no $3 count in the reference's output: $out"
  echo "$line"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

declare -A nodes ludus_secs bulk_secs full_secs
for ((i = 1; i <= rounds; i++)); do
  for p in "${positions[@]}"; do
    IFS='|' read -r name file fen depth <<<"$p"
    # Assigned first, so that a failed run stops the script (set -e).
    r=$(ludus_run "$file" "$depth")
    read -r l ls <<<"$r"
    r=$(reference_run "$fen" "$depth" bulk)
    read -r b bs <<<"$r"
    r=$(reference_run "$fen" "$depth" full)
    read -r f fs <<<"$r"
    if [[ $l != "$b" || $l != "$f" ]]; then
      fail "$name at depth $depth: ludus counts $l, the reference $b (bulk) and $f (every leaf played): the two disagree"
    fi
    nodes[$name]=$l
    ludus_secs[$name]+="$ls "
    bulk_secs[$name]+="$bs "
    full_secs[$name]+="$fs "
  done
  echo "round $i of $rounds done" >&2
done

printf '%-9s %5s %10s %12s %12s %12s %8s %8s\n' position depth nodes ludus/s bulk/s full/s "l/bulk" "l/full"
for p in "${positions[@]}"; do
  IFS='|' read -r name _ _ depth <<<"$p"
  l=$(tr ' ' '\n' <<<"${ludus_secs[$name]}" | grep . | median)
  b=$(tr ' ' '\n' <<<"${bulk_secs[$name]}" | grep . | median)
  f=$(tr ' ' '\n' <<<"${full_secs[$name]}" | grep . | median)
  awk -v name="$name" -v d="$depth" -v n="${nodes[$name]}" -v l="$l" -v b="$b" -v f="$f" 'BEGIN {
    printf "%-9s %5d %10d %12.0f %12.0f %12.0f %8.4f %8.4f\n", name, d, n, n / l, n / b, n / f, b / l, f / l
  }'
done
echo "(leaves per second, one thread, median of $rounds interleaved rounds; bulk: the reference counting"
echo " the last level's moves as ludus does, full: playing every leaf; l/bulk, l/full: ludus's speed over the reference's)"
