//! Pass parameters in LLVM's syntax, shared by every pass.
//!
//! A pipeline element is `name` (the defaults) or `name<p1;p2;...>`, as
//! PassBuilder writes `speculative-execution<only-if-divergent-target>`. Each
//! parameter is a flag (`force`), a negated flag (`no-force`) or `key=value`.
//! Our parsing callback receives the whole element, brackets included, so
//! [`split`] accepts exactly `name` or `name<...>`: `gpucc-slsr-x` is not ours.

use std::fmt;

/// The parameter text of `element` if it names pass `name`: `Some("")` for the
/// bare name, `Some("a;b")` for `name<a;b>`, `None` if it is another name.
pub fn split<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let rest = element.strip_prefix(name)?;
    if rest.is_empty() {
        return Some("");
    }
    rest.strip_prefix('<')?.strip_suffix('>')
}

/// What a parameter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `name` turns it on, `no-name` off.
    Flag,
    /// `name=<u32>`.
    U32,
}

/// One accepted parameter, with its help text for error messages.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub name: &'static str,
    pub kind: Kind,
}

/// A parsed parameter value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Flag(bool),
    U32(u32),
}

/// Why a parameter list was refused. Rendered after the pass name:
/// `gpucc-x: unknown parameter 'y' (expected ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// No parameter has this name.
    Unknown { param: String, expected: String },
    /// The name is known but the value does not fit its kind.
    BadValue {
        param: String,
        value: String,
        expected: String,
    },
    /// A flag given a value, or a valued parameter given none.
    WrongForm { param: String, expected: String },
    /// An empty item (`a;;b`).
    Empty,
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Unknown { param, expected } => {
                write!(f, "unknown parameter '{param}' (expected {expected})")
            }
            ParamError::BadValue {
                param,
                value,
                expected,
            } => {
                write!(
                    f,
                    "invalid value '{value}' for parameter '{param}' (expected {expected})"
                )
            }
            ParamError::WrongForm { param, expected } => {
                write!(f, "malformed parameter '{param}' (expected {expected})")
            }
            ParamError::Empty => write!(f, "empty parameter (parameters are separated by ';')"),
        }
    }
}

fn describe(spec: &Spec) -> String {
    match spec.kind {
        Kind::Flag => format!("{0} or no-{0}", spec.name),
        Kind::U32 => format!("{}=<u32>", spec.name),
    }
}

fn expected(specs: &[Spec]) -> String {
    if specs.is_empty() {
        return "no parameters".to_string();
    }
    specs.iter().map(describe).collect::<Vec<_>>().join(", ")
}

/// Parses `text` (the part between `<` and `>`) against `specs`, calling
/// `set` for each parameter in order; a later occurrence wins, as in LLVM.
pub fn parse(
    text: &str,
    specs: &[Spec],
    mut set: impl FnMut(&'static str, Value),
) -> Result<(), ParamError> {
    if text.is_empty() {
        return Ok(());
    }
    for item in text.split(';') {
        let item = item.trim();
        if item.is_empty() {
            return Err(ParamError::Empty);
        }
        let (key, value) = match item.split_once('=') {
            Some((k, v)) => (k.trim(), Some(v.trim())),
            None => (item, None),
        };
        let (base, negated) = match key.strip_prefix("no-") {
            Some(b) if specs.iter().any(|s| s.name == b && s.kind == Kind::Flag) => (b, true),
            _ => (key, false),
        };
        let Some(spec) = specs.iter().find(|s| s.name == base) else {
            return Err(ParamError::Unknown {
                param: key.to_string(),
                expected: expected(specs),
            });
        };
        match (spec.kind, value) {
            (Kind::Flag, None) => set(spec.name, Value::Flag(!negated)),
            (Kind::U32, Some(v)) if !negated => match v.parse::<u32>() {
                Ok(n) => set(spec.name, Value::U32(n)),
                Err(_) => {
                    return Err(ParamError::BadValue {
                        param: spec.name.to_string(),
                        value: v.to_string(),
                        expected: describe(spec),
                    })
                }
            },
            _ => {
                return Err(ParamError::WrongForm {
                    param: item.to_string(),
                    expected: describe(spec),
                })
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const SPECS: &[Spec] = &[
        Spec {
            name: "force",
            kind: Kind::Flag,
        },
        Spec {
            name: "max-scan",
            kind: Kind::U32,
        },
    ];

    fn run(text: &str) -> Result<Vec<(&'static str, Value)>, ParamError> {
        let mut out = Vec::new();
        parse(text, SPECS, |k, v| out.push((k, v)))?;
        Ok(out)
    }

    #[rstest]
    #[case("gpucc-x", Some(""))]
    #[case("gpucc-x<force>", Some("force"))]
    #[case("gpucc-x<a;b>", Some("a;b"))]
    #[case("gpucc-x-y", None)]
    #[case("gpucc-x<force", None)]
    #[case("gpucc", None)]
    #[case("other", None)]
    fn split_accepts_only_our_name(#[case] element: &str, #[case] want: Option<&str>) {
        assert_eq!(split(element, "gpucc-x"), want);
    }

    #[rstest]
    #[case("", vec![])]
    #[case("force", vec![("force", Value::Flag(true))])]
    #[case("no-force", vec![("force", Value::Flag(false))])]
    #[case("max-scan=20", vec![("max-scan", Value::U32(20))])]
    #[case("force;max-scan=3", vec![("force", Value::Flag(true)), ("max-scan", Value::U32(3))])]
    fn parses_valid_lists(#[case] text: &str, #[case] want: Vec<(&'static str, Value)>) {
        assert_eq!(run(text).expect("valid"), want);
    }

    #[rstest]
    #[case("bogus")]
    #[case("no-max-scan=3")]
    #[case("max-scan=lots")]
    #[case("max-scan=-1")]
    #[case("force=1")]
    #[case("max-scan")]
    #[case("force;;max-scan=1")]
    fn refuses_invalid_lists(#[case] text: &str) {
        assert!(run(text).is_err(), "{text} should be refused");
    }

    #[test]
    fn error_text_names_parameter_and_expectation() {
        insta::assert_snapshot!(run("max-scna=3").unwrap_err().to_string(), @"unknown parameter 'max-scna' (expected force or no-force, max-scan=<u32>)");
        insta::assert_snapshot!(run("max-scan=lots").unwrap_err().to_string(), @"invalid value 'lots' for parameter 'max-scan' (expected max-scan=<u32>)");
    }
}
