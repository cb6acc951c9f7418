//! With the `serde` feature: the vocabulary types that are written as a
//! name (a production, a hint's or a warning's code) are read back from it
//! here, one way.

use core::fmt;
use core::marker::PhantomData;

use serde::Deserializer;
use serde::de::{self, Unexpected, Visitor};

/// Reads a `T` from a string that `parse` takes: `Ok`, or `Err` with what
/// to say of it (`None`: the string is no name of `expecting`).
pub(crate) fn deserialize<'de, D, T>(
    deserializer: D,
    expecting: &'static str,
    parse: fn(&str) -> Result<T, Option<String>>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    deserializer.deserialize_str(ByName {
        expecting,
        parse,
        value: PhantomData,
    })
}

/// The visitor of [`deserialize`].
struct ByName<T> {
    expecting: &'static str,
    parse: fn(&str) -> Result<T, Option<String>>,
    value: PhantomData<T>,
}

impl<T> Visitor<'_> for ByName<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        (self.parse)(text).map_err(|said| match said {
            Some(said) => E::custom(said),
            None => E::invalid_value(Unexpected::Str(text), &self),
        })
    }
}
