//! `rfc1738` against the fastest Rust URL parsers, on the same in-memory
//! lines, in one run.
//!
//! Corpora: the files of `$RFC1738_CORPUS` (default `../../shared/corpus`
//! next to this package) when present, else a corpus generated here. After
//! criterion has measured, a table of medians and ratios is printed, read
//! back from criterion's own estimates.
//!
//! `cargo bench --manifest-path benches/Cargo.toml` runs everything;
//! `-- synthetic` (any criterion filter) runs part of it.

use std::fs;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput};

/// The files looked for in the corpus directory.
const CORPORA: [&str; 5] = ["synthetic", "kasztp", "node_files", "userbait", "mutants"];

/// What is timed, as (criterion id, label in the summary).
const SUBJECTS: [(&str, &str); 9] = [
    ("floor_byte_table", "byte-table floor"),
    ("rfc1738_is_valid", "rfc1738::is_valid"),
    ("rfc1738_parse", "rfc1738::parse"),
    ("fluent_uri_parse", "fluent-uri Uri::parse"),
    ("ada_can_parse", "ada-url Url::can_parse"),
    ("ada_parse", "ada-url Url::parse"),
    ("url_parse", "url Url::parse"),
    (
        "rfc1738_parse_error",
        "rfc1738::parse, rejected (the Error, its offset)",
    ),
    (
        "rfc1738_diagnostic",
        "rfc1738::parse, rejected (expected set, path, message)",
    ),
];

fn corpus_dir() -> PathBuf {
    std::env::var_os("RFC1738_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"))
}

/// The corpora to measure: (name, text).
fn corpora() -> Vec<(String, String)> {
    let dir = corpus_dir();
    let found: Vec<(String, String)> = CORPORA
        .iter()
        .filter_map(|name| {
            let text = fs::read_to_string(dir.join(format!("{name}.txt"))).ok()?;
            Some((name.to_string(), text))
        })
        .collect();
    if !found.is_empty() {
        return found;
    }
    eprintln!(
        "no corpus in {}: measuring a generated one (set RFC1738_CORPUS to use files)",
        dir.display()
    );
    let valid = generated(20_000);
    let mutants = mutate(&valid);
    vec![
        ("generated".to_string(), valid.join("\n")),
        ("generated_mutants".to_string(), mutants.join("\n")),
    ]
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn word(&mut self, alphabet: &[u8], min: usize, max: usize) -> String {
        let len = min + self.below(max - min + 1);
        (0..len)
            .map(|_| alphabet[self.below(alphabet.len())] as char)
            .collect()
    }
}

const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
const SEGMENT: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789-_.";

/// `count` valid URLs of the ten schemes, in web-like proportions.
fn generated(count: usize) -> Vec<String> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..count)
        .map(|_| {
            let host = format!(
                "{}.{}.{}",
                rng.word(LOWER, 2, 8),
                rng.word(LOWER, 3, 10),
                ["com", "org", "net", "edu"][rng.below(4)]
            );
            let path: Vec<String> = (0..rng.below(4))
                .map(|_| rng.word(SEGMENT, 1, 10))
                .collect();
            let path = path.join("/");
            match rng.below(20) {
                0..=10 => format!("http://{host}/{path}?q={}", rng.word(LOWER, 0, 6)),
                11..=14 => format!("ftp://{}@{host}/{path};type=i", rng.word(LOWER, 3, 8)),
                15 => format!("file://{host}/{path}"),
                16 => format!("mailto:{}@{host}", rng.word(LOWER, 3, 8)),
                17 => format!(
                    "news:comp.{}.{}",
                    rng.word(LOWER, 2, 6),
                    rng.word(LOWER, 2, 6)
                ),
                18 => format!("gopher://{host}:70/1{path}%09{}", rng.word(LOWER, 1, 5)),
                _ => format!(
                    "wais://{host}/{}?{}",
                    rng.word(LOWER, 2, 8),
                    rng.word(LOWER, 1, 6)
                ),
            }
        })
        .collect()
}

/// One-character edits of `lines`.
fn mutate(lines: &[String]) -> Vec<String> {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let edits = b" <>\"#{}|\\^~[]`%:/@;?&=.-";
    lines
        .iter()
        .map(|line| {
            let mut bytes = line.clone().into_bytes();
            let at = rng.below(bytes.len());
            let c = edits[rng.below(edits.len())];
            match rng.below(3) {
                0 => bytes.insert(at, c),
                1 => {
                    bytes.remove(at);
                }
                _ => bytes[at] = c,
            }
            String::from_utf8(bytes).expect("ASCII edits of ASCII")
        })
        .collect()
}

/// A 256-entry table touching each byte once: the floor any validator
/// reading every byte stands on.
static GRAPHIC: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0x21;
    while b < 0x7f {
        table[b] = true;
        b += 1;
    }
    table
};

fn measure_corpus(c: &mut Criterion, name: &str, text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    let rejected: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|line| !rfc1738::is_valid(line))
        .collect();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.bench_function("floor_byte_table", |b| {
        b.iter(|| {
            let mut graphic = 0usize;
            for line in &lines {
                for &byte in black_box(line.as_bytes()) {
                    graphic += usize::from(GRAPHIC[byte as usize]);
                }
            }
            graphic
        })
    });
    group.bench_function("rfc1738_is_valid", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| rfc1738::is_valid(black_box(l)))
                .count()
        })
    });
    group.bench_function("rfc1738_parse", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| black_box(rfc1738::parse(black_box(l))).is_ok())
                .count()
        })
    });
    group.bench_function("fluent_uri_parse", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| black_box(fluent_uri::Uri::parse(black_box(**l))).is_ok())
                .count()
        })
    });
    group.bench_function("ada_can_parse", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| ada_url::Url::can_parse(black_box(l), None))
                .count()
        })
    });
    group.bench_function("ada_parse", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| black_box(ada_url::Url::parse(black_box(**l), None)).is_ok())
                .count()
        })
    });
    group.bench_function("url_parse", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| black_box(url::Url::parse(black_box(l))).is_ok())
                .count()
        })
    });
    group.finish();
    // The lines rfc1738 accepts: parse builds its syntax tree for each, and
    // no line pays for a full error.
    let accepted: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| rfc1738::is_valid(l))
        .collect();
    if accepted.len() < lines.len() && !accepted.is_empty() {
        let mut group = c.benchmark_group(format!("{name}_accepted"));
        group.throughput(Throughput::Elements(accepted.len() as u64));
        group.bench_function("rfc1738_is_valid", |b| {
            b.iter(|| {
                accepted
                    .iter()
                    .filter(|l| rfc1738::is_valid(black_box(l)))
                    .count()
            })
        });
        group.bench_function("rfc1738_parse", |b| {
            b.iter(|| {
                accepted
                    .iter()
                    .filter(|l| black_box(rfc1738::parse(black_box(l))).is_ok())
                    .count()
            })
        });
        group.bench_function("fluent_uri_parse", |b| {
            b.iter(|| {
                accepted
                    .iter()
                    .filter(|l| black_box(fluent_uri::Uri::parse(black_box(**l))).is_ok())
                    .count()
            })
        });
        group.finish();
    }
    if rejected.is_empty() {
        return;
    }
    // The error path against the fast path, on the same rejected lines.
    let mut group = c.benchmark_group(format!("{name}_rejected"));
    group.throughput(Throughput::Elements(rejected.len() as u64));
    group.bench_function("rfc1738_is_valid", |b| {
        b.iter(|| {
            rejected
                .iter()
                .filter(|l| rfc1738::is_valid(black_box(l)))
                .count()
        })
    });
    group.bench_function("rfc1738_parse_error", |b| {
        b.iter(|| {
            rejected
                .iter()
                .map(|l| match rfc1738::parse(black_box(l)) {
                    Ok(_) => 0,
                    Err(error) => black_box(error).offset(),
                })
                .sum::<usize>()
        })
    });
    group.bench_function("rfc1738_diagnostic", |b| {
        b.iter(|| {
            rejected
                .iter()
                .map(|l| match rfc1738::parse(black_box(l)) {
                    Ok(_) => 0,
                    Err(error) => {
                        error.expected().len() + error.path().len() + error.message().len()
                    }
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

/// A named input shape: the input of about the given length.
type Shape = (&'static str, fn(usize) -> String);

/// Inputs of growing length, valid and invalid, including the shapes that
/// would make a backtracking parser blow up.
fn measure_lengths(c: &mut Criterion) {
    let shapes: [Shape; 6] = [
        ("http_path", |n| {
            format!("http://host.dom/{}", "a/b".repeat(n / 3))
        }),
        ("hostname_a-_labels", |n| {
            format!("http://{}a/", "a-a.".repeat(n / 4))
        }),
        ("escapes_%41", |n| {
            format!("http://h/{}", "%41".repeat(n / 3))
        }),
        ("gopher_%09_run", |n| {
            format!("gopher://h/1{}", "%09".repeat(n / 3))
        }),
        ("invalid_label_a-", |n| {
            format!("http://{}/", "a-".repeat(n / 2))
        }),
        ("invalid_at_end", |n| format!("http://h/{}#", "a".repeat(n))),
    ];
    for (shape, make) in shapes {
        let mut group = c.benchmark_group(format!("length_{shape}"));
        for len in [100, 1_000, 10_000, 100_000, 1_000_000] {
            let input = make(len);
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_with_input(BenchmarkId::new("is_valid", len), &input, |b, input| {
                b.iter(|| rfc1738::is_valid(black_box(input)))
            });
            group.bench_with_input(BenchmarkId::new("parse", len), &input, |b, input| {
                b.iter(|| black_box(rfc1738::parse(black_box(input))).is_ok())
            });
        }
        group.finish();
    }
}

/// The median, in nanoseconds per iteration, criterion estimated for
/// `group/function`.
fn median(group: &str, function: &str) -> Option<f64> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    let path = target
        .join("criterion")
        .join(group)
        .join(function)
        .join("new/estimates.json");
    let estimates: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(path).ok()?).ok()?;
    estimates["median"]["point_estimate"].as_f64()
}

/// The table of medians per line and ratios, from criterion's estimates.
fn summary(corpora: &[(String, String)]) {
    println!("\n## Medians per line and ratios (this run)\n");
    for (name, text) in corpora {
        let lines = text.lines().count() as f64;
        let per_line = |function: &str| median(name, function).map(|ns| ns / lines);
        let Some(ours) = per_line("rfc1738_is_valid") else {
            continue;
        };
        println!("### {name} ({lines} lines)\n");
        println!("| parser | ns/line | is_valid is faster by |");
        println!("|---|---:|---:|");
        for (id, label) in SUBJECTS {
            if let Some(ns) = per_line(id) {
                println!("| {label} | {ns:.1} | {:.2}x |", ns / ours);
            }
        }
        let parse = per_line("rfc1738_parse");
        let fluent = per_line("fluent_uri_parse");
        if let (Some(parse), Some(fluent)) = (parse, fluent) {
            println!(
                "\nrfc1738::parse is faster than fluent-uri by {:.2}x",
                fluent / parse
            );
        }
        let accepted = format!("{name}_accepted");
        if let (Some(parse), Some(fluent)) = (
            median(&accepted, "rfc1738_parse"),
            median(&accepted, "fluent_uri_parse"),
        ) {
            println!(
                "on the lines rfc1738 accepts, rfc1738::parse is faster than fluent-uri by {:.2}x",
                fluent / parse
            );
        }
        let rejected = format!("{name}_rejected");
        if let (Some(error), Some(valid)) = (
            median(&rejected, "rfc1738_parse_error"),
            median(&rejected, "rfc1738_is_valid"),
        ) {
            println!(
                "rejected lines: parse returning its Error (exact offset) costs {:.2}x is_valid on the same lines",
                error / valid
            );
            if let Some(diagnostic) = median(&rejected, "rfc1738_diagnostic") {
                println!(
                    "rejected lines: the full diagnostic (expected set, path, message) costs {:.2}x is_valid",
                    diagnostic / valid
                );
            }
        }
        println!();
    }
}

fn main() {
    let corpora = corpora();
    let mut c = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20);
    for (name, text) in &corpora {
        measure_corpus(&mut c, name, text);
    }
    measure_lengths(&mut c);
    c.final_summary();
    summary(&corpora);
}
