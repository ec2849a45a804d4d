//! The gates before the suite: no crate holds `unsafe` but the one call the library allows, and
//! CI (`.ci/run`) checks the layout and the lints before it runs the tests.

/// The command and the Python bindings forbid `unsafe` (the compiler then refuses any), so none
/// can creep into them unnoticed.
#[test]
fn the_command_and_the_bindings_forbid_unsafe_code() {
    for root in ["src/main.rs", "python/src/lib.rs"] {
        let text = std::fs::read_to_string(root).unwrap();
        assert!(
            text.lines().any(|l| l.trim() == "#![forbid(unsafe_code)]"),
            "{root} does not forbid unsafe code"
        );
    }
}

/// The library denies `unsafe` and allows it in one place: entering the loops compiled for the
/// CPU's fast select, after the CPU said it has the instruction (`src/board/select.rs`). A new
/// `unsafe` needs an allow of its own, and this test names where each may stand.
#[test]
fn the_library_allows_unsafe_code_in_one_place() {
    let lib = std::fs::read_to_string("src/lib.rs").unwrap();
    assert!(
        lib.lines().any(|l| l.trim() == "#![deny(unsafe_code)]"),
        "src/lib.rs does not deny unsafe code"
    );
    let mut allowed = Vec::new();
    for path in super::readable::rust_files(std::path::Path::new("src")) {
        let text = std::fs::read_to_string(&path).unwrap();
        let n = text.matches("allow(unsafe_code)").count();
        allowed.extend(std::iter::repeat_n(path.display().to_string(), n));
    }
    assert_eq!(allowed, ["src/board/select.rs"]);
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
