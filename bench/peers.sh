#!/usr/bin/env bash
# ludus against its peers (issue 42), every ratio in one run, interleaved, per CPU-second:
#   1. random playouts against compiled RBG and the hand-written C++ reasoners
#      (`../shared/peers/rbg/bench.py`, built by its `build.sh` into $RBG_BUILD);
#   2. the same random-play Python loop through ludus's package and pyspiel, per step
#      (`../shared/peers/pyspiel/bench.py`; needs the package installed, and `open-spiel`);
#   3. VectorEnv's steps per CPU-second at a batch of 256 and of 1024 (Hex and Morris).
# A part whose peer is not built or installed is skipped with a message saying how to get it.
#
#   bench/peers.sh                       # from anywhere; ROUNDS=3 by default
#   ROUNDS=5 PEERS=/path/to/peers RBG_BUILD=/path/to/rbg-build bench/peers.sh
#   PYTHON=.venv/bin/python bench/peers.sh
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
peers=${PEERS:-$repo/../shared/peers}
rounds=${ROUNDS:-3}
python=${PYTHON:-python3}
rbg_build=${RBG_BUILD:-$peers/rbg/build}

echo "building ludus..." >&2
(cd "$repo" && cargo build --release --quiet)
. "$repo/bench/target.sh"

echo "== 1. random playouts per CPU-second: ludus over compiled RBG and the hand-written reasoners"
if [[ -x $rbg_build/bin/rbg_ticTacToe && -f $peers/rbg/bench.py ]]; then
  RBG_BUILD=$rbg_build "$python" "$peers/rbg/bench.py" "$ludus" "$repo/games" "$rounds"
else
  echo "skipped: RBG is not built at $rbg_build (see $peers/rbg/README.md: build.sh, or set RBG_BUILD)"
fi

echo
echo "== 2. the same Python loop, per step: ludus's package over pyspiel"
if "$python" -c "import ludus, pyspiel" 2>/dev/null && [[ -f $peers/pyspiel/bench.py ]]; then
  "$python" "$peers/pyspiel/bench.py" "$repo/games" "$rounds" 1.0 \
    tictactoe connect-four hex reversi breakthrough draughts morris
else
  echo "skipped: $python cannot import both ludus and pyspiel"
  echo "  (maturin develop --release -m python/Cargo.toml; pip install open-spiel)"
fi

echo
echo "== 3. VectorEnv, steps per CPU-second at a batch of 256 and of 1024"
if "$python" -c "import ludus, numpy" 2>/dev/null; then
  "$python" - "$repo/games" "$rounds" <<'PY'
import os, statistics, sys, time
import ludus
games, rounds = sys.argv[1], int(sys.argv[2])

def rate(game, n, seconds=1.0):
    env, k, steps = ludus.VectorEnv(game, n, seed=1), 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        k += 1
        env.step(env.random_actions(k))
        steps += n
    return steps / (time.process_time() - start)

print(f'{"game":14} {"256":>12} {"1024":>12} {"1024/256":>9}')
for name, opts in (("hex", {"pie": "off"}), ("morris", {})):
    game = ludus.load_game(os.path.join(games, name + ".game"), **opts)
    small, large = [], []
    for r in range(rounds):
        for out, n in ([(small, 256), (large, 1024)] if r % 2 == 0 else [(large, 1024), (small, 256)]):
            out.append(rate(game, n))
    a, b = statistics.median(small), statistics.median(large)
    print(f"{name:14} {a:12,.0f} {b:12,.0f} {b / a:9.2f}")
PY
else
  echo "skipped: $python cannot import ludus and numpy (maturin develop --release -m python/Cargo.toml)"
fi
