//! See `rfc1738_fuzz_properties::parse_target` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rfc1738_fuzz_properties::parse_target(data));
