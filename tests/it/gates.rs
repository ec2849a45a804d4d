//! The gates before the suite: every crate root forbids `unsafe`, and CI (`.ci/run`) checks the
//! layout and the lints before it runs the tests.

/// The library, the command and the Python bindings each forbid `unsafe` (the compiler then
/// refuses any), so none can creep into one of them unnoticed.
#[test]
fn every_crate_root_forbids_unsafe_code() {
    for root in ["src/lib.rs", "src/main.rs", "python/src/lib.rs"] {
        let text = std::fs::read_to_string(root).unwrap();
        assert!(
            text.lines().any(|l| l.trim() == "#![forbid(unsafe_code)]"),
            "{root} does not forbid unsafe code"
        );
    }
}

/// `cargo fmt --check` and clippy with warnings denied run in CI, before the tests, with their
/// components added first when the toolchain lacks them.
#[test]
fn ci_checks_layout_and_lints_before_the_tests() {
    let ci = std::fs::read_to_string(".ci/run").unwrap();
    let at = |s: &str| {
        ci.find(s)
            .unwrap_or_else(|| panic!(".ci/run does not run `{s}`"))
    };
    let tests = at("cargo test");
    let fmt = at("cargo fmt --all --check");
    let clippy = at("cargo clippy --locked --workspace --all-targets -- -D warnings");
    assert!(fmt < tests && clippy < tests);
    assert!(at("rustup component add") < fmt.min(clippy));
}
