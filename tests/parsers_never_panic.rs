//! Arbitrary text and bytes fed to the notation and record parsers: errors, never panics,
//! and whatever they accept survives a write and a second read unchanged.

use proptest::prelude::*;
use yonmoku::rules::{Record, format_moves, parse_cell, parse_line, parse_moves, parse_peg};

/// Text built from the record's own alphabet, so the parser's deeper paths are reached.
fn record_like() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("[Black \"x\"]\n".to_string()),
        Just("[Result \"1-0\"]".to_string()),
        Just("[".to_string()),
        Just("\"".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just(";".to_string()),
        Just("\n".to_string()),
        Just(" ".to_string()),
        Just("1.".to_string()),
        Just("*".to_string()),
        Just("1-0".to_string()),
        Just("0-1".to_string()),
        Just("1/2-1/2".to_string()),
        "[a-eA-E][0-5]",
        "[0-9]{1,3}\\.{0,3}",
    ];
    prop::collection::vec(token, 0..60).prop_map(|t| t.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn notation_parsers_never_panic(text in "\\PC{0,40}") {
        let _ = parse_peg(&text);
        let _ = parse_cell(&text);
        let _ = parse_line(&text);
        if let Ok(pegs) = parse_moves(&text) {
            prop_assert_eq!(parse_moves(&format_moves(&pegs)).unwrap(), pegs);
        }
    }

    #[test]
    fn record_parser_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = Record::parse(&text);
    }

    #[test]
    fn accepted_records_round_trip(text in record_like()) {
        if let Ok(record) = Record::parse(&text) {
            let written = record.to_string();
            let again = Record::parse(&written).expect("a written record reads back");
            prop_assert_eq!(&again, &record);
            prop_assert_eq!(again.to_string(), written);
        }
    }

    #[test]
    fn random_move_lists_either_parse_into_a_record_or_say_which_move(
        pegs in prop::collection::vec("[a-d][1-4]", 0..70)
    ) {
        let text = pegs.join(" ");
        match Record::parse(&text) {
            Ok(record) => prop_assert_eq!(record.moves().len(), pegs.len()),
            Err(error) => prop_assert!(error.to_string().contains("move "), "{}", error),
        }
    }
}
