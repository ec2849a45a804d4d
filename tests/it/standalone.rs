//! The repository stands alone: nothing points outside it, every shipped seed game names the
//! section of docs/RULES.md it follows, and that page's perft table is what the engine counts.

use std::path::{Path, PathBuf};

/// The project's own text files: sources, games, docs, tests and build files.
fn project_files() -> Vec<PathBuf> {
    let mut files = vec![
        PathBuf::from("README.md"),
        PathBuf::from("Cargo.toml"),
        PathBuf::from(".ci/run"),
    ];
    let mut dirs = vec![
        PathBuf::from("src"),
        PathBuf::from("games"),
        PathBuf::from("docs"),
        PathBuf::from("tests"),
        PathBuf::from("grammar"),
        PathBuf::from("benches"),
    ];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn nothing_points_outside_the_repository() {
    // Spelled in two halves so that this file does not match itself.
    let outside = ["../", "shared"].concat();
    let mut hits = Vec::new();
    for file in project_files() {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue; // not text
        };
        for (i, line) in text.lines().enumerate() {
            if line.contains(&outside) {
                hits.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "references outside the repository:\n{}",
        hits.join("\n")
    );
}

/// The `## ` headings of docs/RULES.md.
fn rules_sections() -> Vec<String> {
    std::fs::read_to_string("docs/RULES.md")
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_seed_game_names_its_rules_section() {
    let sections = rules_sections();
    for game in ["toki", "woli", "sig", "tabou"] {
        let path = Path::new("games").join(format!("{game}.game"));
        let text = std::fs::read_to_string(&path).unwrap();
        let line = text
            .lines()
            .find(|l| l.contains("docs/RULES.md"))
            .unwrap_or_else(|| panic!("{} does not name docs/RULES.md", path.display()));
        let section = line.split('"').nth(1).expect("a quoted section name");
        let file_name = format!("(`games/{game}.game`)");
        assert!(
            sections
                .iter()
                .any(|s| s.starts_with(section) && s.ends_with(&file_name)),
            "{}: no section \"{section}\" about {file_name} in docs/RULES.md",
            path.display()
        );
    }
}

#[test]
fn the_perft_table_of_the_rules_is_what_the_engine_counts() {
    let text = std::fs::read_to_string("docs/RULES.md").unwrap();
    let table: Vec<Vec<String>> = text
        .split("## Perft counts")
        .nth(1)
        .expect("a perft section")
        .lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|---"))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect();
    let columns: [(&str, &[(&str, &str)]); 5] = [
        ("toki.game", &[]),
        ("woli.game", &[]),
        ("sig.game", &[]),
        ("tabou.game", &[]),
        ("tabou.game", &[("transfers", "off")]),
    ];
    assert_eq!(table[0].len(), 1 + columns.len(), "the table's columns");
    let mut checked = 0;
    for (c, (file, options)) in columns.iter().enumerate() {
        let options: Vec<(String, String)> = options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let game = ludus::load_file(&Path::new("games").join(file), &options)
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        let expected: Vec<(usize, u64)> = table[1..]
            .iter()
            .filter(|row| !row[c + 1].is_empty())
            .map(|row| (row[0].parse().unwrap(), row[c + 1].parse().unwrap()))
            .collect();
        let depth = expected.iter().map(|e| e.0).max().unwrap();
        let counts = ludus::engine::perft(&game, &game.new_initial_state(), depth);
        for (d, n) in expected {
            assert_eq!(counts[d], n, "{file} {options:?}: perft({d})");
            checked += 1;
        }
    }
    assert_eq!(checked, 23, "every count of the table is checked");
}
