//! What an http URL means by section 3.3, read from its text alone, by a
//! reading of its own apart from the library's: the oracle of the tests
//! that build URLs from their parts (`tests/build.rs`, and the fuzz
//! properties in `fuzz/properties`, which include this file).

/// An http URL's host, its port's number (`None` when it has none, or
/// one past `u64`), and after them each reserved `/`, `;` and `?` that
/// stands for itself (`Err`) and the octets between them, decoded (`Ok`).
/// Anywhere else an escape means the octet it encodes (2.2). Text that is
/// no http URL gets some answer, never a panic.
pub fn http_meaning(url: &str) -> (&str, Option<u64>, Vec<Result<u8, u8>>) {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let (hostport, rest) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let (host, port) = match hostport.split_once(':') {
        Some((host, port)) => (host, port.parse().ok()),
        None => (hostport, None),
    };
    let mut tokens = Vec::new();
    let mut bytes = rest.bytes();
    while let Some(byte) = bytes.next() {
        tokens.push(match byte {
            b'/' | b';' | b'?' => Err(byte),
            b'%' => {
                let hex = [bytes.next(), bytes.next()]
                    .map(|digit| char::from(digit.unwrap_or(b'0')).to_digit(16).unwrap_or(0) as u8);
                Ok(hex[0] << 4 | hex[1])
            }
            _ => Ok(byte),
        });
    }
    (host, port, tokens)
}
