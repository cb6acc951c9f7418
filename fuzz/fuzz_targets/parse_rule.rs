//! See `rfc1738::fuzzing::parse_rule_target` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rfc1738::fuzzing::parse_rule_target(data));
