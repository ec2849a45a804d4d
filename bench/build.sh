# Sourced by the bench scripts: finds the hand-written engines (`../shared/limit`, or $LIMIT_DIR),
# builds them and ludus in release, and sets `repo`, `limit` and `ludus` to the repository and the
# two programs. `script` names the calling script in messages.

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
limit_dir=${LIMIT_DIR:-$repo/../shared/limit}
if [[ ! -f $limit_dir/Cargo.toml ]]; then
  echo "$script: no hand-written engines at $limit_dir (expected its Cargo.toml);" >&2
  echo "          set LIMIT_DIR to the directory of native-ref" >&2
  exit 1
fi
limit_dir=$(cd "$limit_dir" && pwd)

# The limit builds in its own directory (its .cargo/config.toml sets its flags) into ludus's
# target directory, so that the shared directory stays untouched.
limit_target=$repo/target/limit
echo "building the limit ($limit_dir) and ludus..." >&2
(cd "$limit_dir" && cargo build --release --quiet --target-dir "$limit_target")
(cd "$repo" && cargo build --release --quiet)
limit=$limit_target/release/native-ref
. "$repo/bench/target.sh"
