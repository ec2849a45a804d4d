//! Counts past the 16 bits in which the executable form numbers its parts: a diagnostic, not an
//! overflow.

use super::{load, Outcome};

#[test]
fn more_generators_and_filters_than_16_bits_are_a_diagnostic() {
    // Defines used through others 4^8 = 65,536 times: the count passes 16 bits, where the
    // generators and filters are numbered.
    for one in ["(sow \"Sow\")", "(filter (> (count-in (row 0)) 0) (pass))"] {
        let mut text = format!("(define \"D1\" {one})\n");
        for level in 1..=8 {
            let inner = format!("(\"D{level}\")");
            text.push_str(&format!(
                "(define \"D{}\" (or {{{inner} {inner} {inner} {inner}}}))\n",
                level + 1
            ));
        }
        text.push_str(
            "(game \"Many\" (players 2)
              (equipment {(board (rectangle 2 6)) (track \"Sow\" {(row 0 E) (row 1 W)} loop:true)})
              (rules (start (fill (all-sites) 4)) (play (or {(\"D9\") (\"D1\")}))
                (end (if (no-moves Next) (result Next Loss)))))",
        );
        match load("many.game", text.into_bytes(), Vec::new(), 0) {
            Outcome::Refused { codes } => {
                assert!(codes.contains(&"check::out-of-range"), "{codes:?}")
            }
            other => panic!("{other:?}"),
        }
    }
}
