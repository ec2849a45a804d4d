# Sourced by the bench scripts once `repo` is set: `ludus`, the release binary where cargo put it,
# in $CARGO_TARGET_DIR when that is set (relative to the repository, where cargo ran).
ludus_target=${CARGO_TARGET_DIR:-target}
[[ $ludus_target == /* ]] || ludus_target=$repo/$ludus_target
ludus=$ludus_target/release/ludus
