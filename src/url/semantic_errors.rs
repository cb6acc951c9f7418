//! Every semantic error of a URL, and where it is: the one place that
//! decides what a valid URL fails to mean, for `rfc1738 parse`'s
//! `semantic_errors` and [`crate::lint`]'s warnings alike.

use super::errors::{ForbiddenByte, SemanticError};
use super::semantics::port_number;
use crate::ast::{FtpUrl, GopherUrl, Url};

impl<'a> Url<'a> {
    /// What the URL fails to mean though the grammar accepts it, in the
    /// order of where each error is in the URL: every error that an
    /// accessor of section 3's meaning returns for it.
    ///
    /// - A port beyond 65535 ([`Url::effective_port`]).
    /// - An ftp URL's user or password that a decoded CR or LF would end
    ///   early in its `USER` or `PASS` line
    ///   ([`FtpCredentials::check`](crate::url::FtpCredentials::check)), and
    ///   a path whose FTP commands cannot be sent, for such an octet or for
    ///   want of a file to transfer under `;type=a` or `;type=i`
    ///   ([`FtpUrl::commands`](crate::url::FtpUrl::commands), under the
    ///   URL's own typecode).
    /// - A gopher URL whose request cannot be sent: a decoded TAB, CR or LF
    ///   in its selector, its search or a Gopher+ string that carries no
    ///   form ([`GopherUrl::request`](crate::url::GopherUrl::request)).
    /// - An nntp article number beyond `u64::MAX`
    ///   ([`NntpUrl::article_number`](crate::url::NntpUrl::article_number)).
    ///
    /// `rfc1738 parse` lists these as `semantic_errors`, and
    /// [`crate::lint::lint`] warns of each: a URL has a semantic error
    /// exactly when one of those accessors fails, but for one kind of URL: a
    /// URL written after the appendix's prefix `URL:` (an `otherurl` whose
    /// scheme name is `URL`) has those of the URL that follows, which the
    /// text means, when that parses, each at its offset in the whole, and
    /// the `otherurl`'s own accessors tell nothing of them.
    ///
    /// ```
    /// let url = rfc1738::parse("ftp://me%0A@h:70000/a%0D/b")?;
    /// let errors: Vec<String> = url.semantic_errors().iter().map(ToString::to_string).collect();
    /// assert_eq!(errors.len(), 3);
    /// assert!(errors[0].starts_with("the decoded user contains LF (0x0A) at byte 2"), "{}", errors[0]);
    /// assert!(errors[1].starts_with("the port 70000"), "{}", errors[1]);
    /// assert!(errors[2].starts_with("the decoded cwd segment 0 contains CR"), "{}", errors[2]);
    /// assert!(rfc1738::parse("ftp://me@h/a/b")?.semantic_errors().is_empty());
    /// assert_eq!(rfc1738::parse("URL:ftp://h:70000/")?.semantic_errors().len(), 1);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn semantic_errors(&self) -> Vec<SemanticError> {
        self.located_semantic_errors()
            .into_iter()
            .map(|(_, error)| error)
            .collect()
    }

    /// [`Url::semantic_errors`], each with the byte offset in the URL of
    /// what it is about: the port's or the article number's digits, the
    /// escape (or the character) that decodes to a forbidden octet.
    pub(crate) fn located_semantic_errors(&self) -> Vec<(usize, SemanticError)> {
        if let Some(after) = self.after_url_prefix() {
            let start = self.offset_of(after.as_str());
            let mut errors = after.located_semantic_errors();
            for (offset, _) in &mut errors {
                *offset += start;
            }
            return errors;
        }
        let mut errors = Vec::new();
        if let Some(port) = self.port()
            && let Err(error) = port_number(port)
        {
            errors.push((self.offset_of(port), SemanticError::Port(error)));
        }
        match self {
            Url::Ftp(ftp) => ftp_errors(self, ftp, &mut errors),
            Url::Gopher(gopher) => {
                if let Err(error) = gopher.check_request() {
                    errors.push(forbidden_at(self, gopher_part(gopher, &error), error));
                }
            }
            Url::Nntp(nntp) => {
                if let Some(digits) = nntp.article()
                    && let Err(error) = nntp.article_number()
                {
                    errors.push((self.offset_of(digits), SemanticError::ArticleNumber(error)));
                }
            }
            _ => {}
        }
        errors.sort_by_key(|(offset, _)| *offset);
        errors
    }

    /// The offset of `part`, a slice of the URL's text, in it.
    fn offset_of(&self, part: &str) -> usize {
        // Every part the errors are about borrows from the URL's text.
        (part.as_ptr() as usize)
            .saturating_sub(self.as_str().as_ptr() as usize)
            .min(self.as_str().len())
    }
}

/// The semantic errors of an ftp URL's login and path, added to `errors`.
fn ftp_errors<'a>(url: &Url<'a>, ftp: &FtpUrl<'a>, errors: &mut Vec<(usize, SemanticError)>) {
    if let Err(error) = ftp.credentials().check() {
        let login = ftp.login();
        let part = match error.part() {
            "user" => login.user(),
            _ => login.password(),
        };
        errors.push(forbidden_at(url, part.unwrap_or_default(), error));
    }
    match ftp.check_commands(ftp.typecode()) {
        Ok(()) => {}
        Err(SemanticError::Forbidden(error)) => {
            let segments = ftp.fpath().map(|path| path.segments());
            let part = match error.segment() {
                Some(index) => segments.and_then(|mut segments| segments.nth(index)),
                None => ftp.name(),
            };
            errors.push(forbidden_at(url, part.unwrap_or_default(), error));
        }
        // At the empty name: where `;type=` starts.
        Err(error) => errors.push((url.offset_of(ftp.name().unwrap_or_default()), error)),
    }
}

/// The part of a gopher URL, as written, that `error` is about.
fn gopher_part<'a>(gopher: &GopherUrl<'a>, error: &ForbiddenByte) -> &'a str {
    match error.part() {
        "selector" => Some(gopher.selector()),
        "search" => gopher.search(),
        _ => gopher.gopher_plus_string(),
    }
    .unwrap_or_default()
}

/// `error`, about the decoded `part` (as written in `url`), at the offset
/// of what decodes to its forbidden octet.
fn forbidden_at(url: &Url<'_>, part: &str, error: ForbiddenByte) -> (usize, SemanticError) {
    // Every `%` of a valid URL starts an escape of three bytes, which
    // decodes to one octet; any other byte is itself.
    let bytes = part.as_bytes();
    let mut index = 0;
    for _ in 0..error.position() {
        index += if bytes.get(index) == Some(&b'%') {
            3
        } else {
            1
        };
    }
    let offset = url.offset_of(part) + index.min(part.len());
    (offset, SemanticError::Forbidden(error))
}
