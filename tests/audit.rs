//! Inputs the panic audit found to panic, each kept as a regression test.

/// A diagnostic adds the error's line to its `first_line`: the largest first
/// line (what the command line passes for a line number beyond `usize`)
/// must not overflow.
#[test]
fn the_last_line_number_does_not_overflow() {
    let error = rfc1738::parse("http://host:8a/").unwrap_err();
    let rendered = error.diagnostic().first_line(usize::MAX).to_string();
    assert!(rendered.contains(&usize::MAX.to_string()), "{rendered}");
}

/// A deserializer may announce any number of elements; `Decoded` must not
/// reserve that many bytes before reading them.
#[cfg(feature = "serde")]
#[test]
fn decoded_ignores_an_absurd_size_hint() {
    use rfc1738::url::Decoded;
    use serde::Deserialize;
    use serde::de::value::{Error, SeqDeserializer};

    /// Two bytes that claim to be `usize::MAX`.
    struct Lying(u8);

    impl Iterator for Lying {
        type Item = u8;

        fn next(&mut self) -> Option<u8> {
            (self.0 < 2).then(|| {
                self.0 += 1;
                b'a'
            })
        }

        fn size_hint(&self) -> (usize, Option<usize>) {
            (usize::MAX, Some(usize::MAX))
        }
    }

    let decoded = Decoded::deserialize(SeqDeserializer::<_, Error>::new(Lying(0))).unwrap();
    assert_eq!(decoded, b"aa");
}
