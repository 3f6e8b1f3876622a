//! The builtin library: which names are primitives, and their types.
//!
//! NESL's library (BUILTINS.md) is split in two:
//! - **primitives** ([`Prim`]): implemented natively by every backend (the
//!   reference interpreter, the flattener's segmented kernels). Their types
//!   are written below in NESL's own signature syntax and parsed by the
//!   front end's type parser, so there is one notation for all types.
//! - **library functions**: everything that can be written in NESL from the
//!   primitives, in `prelude.nesl`, type-checked and monomorphised like user
//!   code. Flattening then handles them with no special cases.
//!
//! A user definition with the same name as a builtin shadows it in user code;
//! the prelude always sees its own bindings. Names beginning with `__` are
//! reserved for the prelude.
//!
//! See note [primitive semantics] at the bottom of this file for the exact
//! meaning of the less obvious primitives; every backend implements that.

use crate::syntax::ast::{BinaryOp, UnaryOp};

macro_rules! prims {
    ($($variant:ident => [$($name:literal),+], $sig:literal;)*) => {
        /// A primitive operation. Monomorphic at each use: the argument types
        /// in the typed program decide the instance (`Add` on `int` or `float`).
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Prim { $($variant,)* }

        /// Every primitive with its source names and NESL signature.
        pub const PRIMS: &[PrimInfo] = &[
            $(PrimInfo { prim: Prim::$variant, names: &[$($name),+], signature: $sig },)*
        ];
    };
}

/// A primitive's names (the first is canonical; the others are aliases such
/// as `length` for `#`) and its signature in NESL syntax. A signature without
/// an arrow (`"float"`) is a nullary constant.
#[derive(Copy, Clone, Debug)]
pub struct PrimInfo {
    pub prim: Prim,
    pub names: &'static [&'static str],
    pub signature: &'static str,
}

prims! {
    // Logical operations: bitwise on ints.
    Not => ["not"], "a -> a :: (a in logical)";
    Or => ["or"], "(a, a) -> a :: (a in logical)";
    And => ["and"], "(a, a) -> a :: (a in logical)";
    Xor => ["xor"], "(a, a) -> a :: (a in logical)";
    Nor => ["nor"], "(a, a) -> a :: (a in logical)";
    Nand => ["nand"], "(a, a) -> a :: (a in logical)";
    // Comparisons.
    Eq => ["=="], "(a, a) -> bool :: (a in ordinal)";
    Ne => ["/="], "(a, a) -> bool :: (a in ordinal)";
    Lt => ["<"], "(a, a) -> bool :: (a in ordinal)";
    Gt => [">"], "(a, a) -> bool :: (a in ordinal)";
    Le => ["<="], "(a, a) -> bool :: (a in ordinal)";
    Ge => [">="], "(a, a) -> bool :: (a in ordinal)";
    // Arithmetic.
    Add => ["+"], "(a, a) -> a :: (a in number)";
    Sub => ["-"], "(a, a) -> a :: (a in number)";
    Mul => ["*"], "(a, a) -> a :: (a in number)";
    Div => ["/"], "(a, a) -> a :: (a in number)";
    Negate => ["negate"], "a -> a :: (a in number)";
    Abs => ["abs"], "a -> a :: (a in number)";
    Max => ["max"], "(a, a) -> a :: (a in ordinal)";
    Min => ["min"], "(a, a) -> a :: (a in ordinal)";
    Rem => ["rem"], "(int, int) -> int";
    Lshift => ["lshift"], "(int, int) -> int";
    Rshift => ["rshift"], "(int, int) -> int";
    Pow => ["^"], "(a, int) -> a :: (a in number)";
    Sqrt => ["sqrt"], "float -> float";
    Ln => ["ln"], "float -> float";
    Exp => ["exp"], "float -> float";
    Sin => ["sin"], "float -> float";
    Cos => ["cos"], "float -> float";
    Tan => ["tan"], "float -> float";
    Asin => ["asin"], "float -> float";
    Acos => ["acos"], "float -> float";
    Atan => ["atan"], "float -> float";
    Sinh => ["sinh"], "float -> float";
    Cosh => ["cosh"], "float -> float";
    Tanh => ["tanh"], "float -> float";
    Expt => ["expt"], "(float, float) -> float";
    Isqrt => ["isqrt"], "int -> int";
    // Conversions.
    Btoi => ["btoi"], "bool -> int";
    CodeChar => ["code_char"], "int -> char";
    CharCode => ["char_code"], "char -> int";
    ToFloat => ["float"], "int -> float";
    Ceil => ["ceil"], "float -> int";
    Floor => ["floor"], "float -> int";
    Trunc => ["trunc"], "float -> int";
    Round => ["round"], "float -> int";
    // Constants.
    Pi => ["pi"], "float";
    MaxInt => ["max_int"], "int";
    MinInt => ["min_int"], "int";
    // Random numbers.
    Rand => ["rand"], "a -> a :: (a in number)";
    RandSeed => ["rand_seed"], "int -> bool";
    // Simple sequence operations.
    Length => ["#", "length"], "[a] -> int :: (a in any)";
    Dist => ["dist"], "(a, int) -> [a] :: (a in any)";
    Elt => ["elt"], "([a], int) -> a :: (a in any)";
    Zip => ["zip"], "([a], [b]) -> [(a, b)] :: (a in any; b in any)";
    Iseq => ["iseq"], "(int, int, int) -> [int]";
    // Scans (exclusive) and reductions.
    PlusScan => ["plus_scan"], "[a] -> [a] :: (a in number)";
    MultScan => ["mult_scan"], "[a] -> [a] :: (a in number)";
    MaxScan => ["max_scan"], "[a] -> [a] :: (a in ordinal)";
    MinScan => ["min_scan"], "[a] -> [a] :: (a in ordinal)";
    OrScan => ["or_scan"], "[a] -> [a] :: (a in logical)";
    AndScan => ["and_scan"], "[a] -> [a] :: (a in logical)";
    Sum => ["sum"], "[a] -> a :: (a in number)";
    Product => ["product"], "[a] -> a :: (a in number)";
    MaxVal => ["max_val"], "[a] -> a :: (a in ordinal)";
    MinVal => ["min_val"], "[a] -> a :: (a in ordinal)";
    Any => ["any"], "[a] -> a :: (a in logical)";
    All => ["all"], "[a] -> a :: (a in logical)";
    Parity => ["parity"], "[bool] -> bool";
    MaxIndex => ["max_index"], "[a] -> int :: (a in ordinal)";
    MinIndex => ["min_index"], "[a] -> int :: (a in ordinal)";
    // Reordering.
    Read => ["->", "read"], "([a], [int]) -> [a] :: (a in any)";
    Permute => ["permute"], "([a], [int]) -> [a] :: (a in any)";
    Write => ["<-", "write"], "([a], [(int, a)]) -> [a] :: (a in any)";
    // Manipulation.
    Pack => ["pack"], "[(a, bool)] -> [a] :: (a in any)";
    Append => ["++"], "([a], [a]) -> [a] :: (a in any)";
    Subseq => ["subseq"], "([a], int, int) -> [a] :: (a in any)";
    // Nesting.
    Partition => ["partition"], "([a], [int]) -> [[a]] :: (a in any)";
    Flatten => ["flatten"], "[[a]] -> [a] :: (a in any)";
    // Sorting.
    Sort => ["sort"], "[a] -> [a] :: (a in ordinal)";
    Rank => ["rank"], "[a] -> [int] :: (a in ordinal)";
    // Any type.
    Eql => ["eql"], "(a, a) -> bool :: (a in any)";
    Hash => ["hash"], "(a, int) -> int :: (a in any)";
    // Strings and output.
    ToString => ["@"], "a -> [char] :: (a in any)";
    ExpString => ["exp_string"], "(float, int) -> [char]";
    ParseInt => ["parse_int"], "[char] -> (int, bool)";
    ParseFloat => ["parse_float"], "[char] -> (float, bool)";
    PrintString => ["print_string"], "[char] -> bool";
    PrintChar => ["print_char"], "char -> bool";
    // Library-only: stop with a runtime error carrying the message.
    Error => ["__error"], "[char] -> a :: (a in any)";
    // Library-only: host file I/O, the reference interpreter only (see
    // note [primitive semantics]).
    ReadFile => ["__read_file"], "[char] -> [char]";
    WriteFile => ["__write_file"], "([char], [char], bool) -> bool";
    // Library-only: the counter-based generator's steps, written by
    // flattening's rewrite of `rand` (note [primitive semantics]).
    RandKey => ["__rand_key"], "int";
    RandMix => ["__rand_mix"], "(int, int) -> int";
    RandDraw => ["__rand_draw"], "(int, a) -> a :: (a in number)";
}

impl Prim {
    pub fn info(self) -> &'static PrimInfo {
        // PRIMS is listed in declaration order, so the discriminant indexes it.
        let info = &PRIMS[self as usize];
        debug_assert_eq!(info.prim, self);
        info
    }

    /// The canonical source name (`+`, `plus_scan`, `#`).
    pub fn name(self) -> &'static str {
        self.info().names[0]
    }

    /// Finds a primitive by any of its source names.
    pub fn from_name(name: &str) -> Option<Prim> {
        PRIMS.iter().find(|p| p.names.contains(&name)).map(|p| p.prim)
    }

    /// Whether the name may only be used by the prelude.
    pub fn is_library_only(self) -> bool {
        self.name().starts_with("__")
    }

    /// Whether evaluating the primitive has an effect beyond its value
    /// (printing, the random generator's state). Such calls are never
    /// removed, duplicated or reordered by later stages.
    pub fn has_effect(self) -> bool {
        matches!(
            self,
            Prim::Rand
                | Prim::RandSeed
                | Prim::PrintString
                | Prim::PrintChar
                | Prim::Error
                | Prim::ReadFile
                | Prim::WriteFile
        )
    }
}

/// What an operator means: a primitive, or a prelude function.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OpTarget {
    Prim(Prim),
    /// A function of `prelude.nesl`, looked up in the library's own scope.
    Library(&'static str),
}

pub fn binary_op_target(op: BinaryOp) -> OpTarget {
    use OpTarget::Prim as P;
    match op {
        BinaryOp::Or => P(Prim::Or),
        BinaryOp::Xor => P(Prim::Xor),
        BinaryOp::Nor => P(Prim::Nor),
        BinaryOp::And => P(Prim::And),
        BinaryOp::Nand => P(Prim::Nand),
        BinaryOp::Eq => P(Prim::Eq),
        BinaryOp::Ne => P(Prim::Ne),
        BinaryOp::Lt => P(Prim::Lt),
        BinaryOp::Gt => P(Prim::Gt),
        BinaryOp::Le => P(Prim::Le),
        BinaryOp::Ge => P(Prim::Ge),
        BinaryOp::Append => P(Prim::Append),
        BinaryOp::Add => P(Prim::Add),
        BinaryOp::Sub => P(Prim::Sub),
        BinaryOp::Mul => P(Prim::Mul),
        BinaryOp::Div => P(Prim::Div),
        BinaryOp::Pad => OpTarget::Library("__pad"),
        BinaryOp::Pow => P(Prim::Pow),
        BinaryOp::Write => P(Prim::Write),
        BinaryOp::Read => P(Prim::Read),
    }
}

pub fn unary_op_target(op: UnaryOp) -> Prim {
    match op {
        UnaryOp::Length => Prim::Length,
        UnaryOp::ToString => Prim::ToString,
        UnaryOp::Negate => Prim::Negate,
    }
}

/// NESL builtins that nessie does not support, with the reason shown to the
/// user (LANGUAGE.md, "Not supported").
pub const UNSUPPORTED_BUILTINS: &[(&str, &str)] = &[
    ("display", "plotting and window functions are not supported"),
    ("shell_command", "shell access is not supported"),
    ("spawn", "shell access is not supported"),
    ("get_environment_variable", "shell access is not supported"),
    ("load", "`load` is not supported: compile one file"),
    ("read_object_from_file", "file I/O is not supported yet"),
    ("write_object_to_file", "file I/O is not supported yet"),
    ("write_string_to_file", "file I/O is not supported yet"),
    ("append_string_to_file", "file I/O is not supported yet"),
    ("read_string_from_file", "file I/O is not supported yet"),
    ("read_int_seq_from_file", "file I/O is not supported yet"),
    ("read_float_seq_from_file", "file I/O is not supported yet"),
    ("open_in_file", "file I/O is not supported yet"),
    ("open_out_file", "file I/O is not supported yet"),
    ("close_file", "file I/O is not supported yet"),
    ("read_line", "file I/O is not supported yet"),
    ("read_word", "file I/O is not supported yet"),
    ("read_char", "file I/O is not supported yet"),
];

/// Whether a name is one of NESL's window/plotting functions (`w_*`).
pub fn is_window_function(name: &str) -> bool {
    name.starts_with("w_")
}

/// What part of NESL 3.1's host library a function declared without a body
/// in the prelude belongs to: these type-check with NESL's types, and a
/// program that calls one is refused before it runs (see note [host
/// library] in `prelude.nesl`).
pub fn host_library_reason(name: &str) -> Option<&'static str> {
    const SHELL: &[&str] = &["shell_command", "spawn", "get_environment_variable", "prompt", "nesl_path"];
    const STREAMS: &[&str] = &[
        "open_in_file",
        "open_out_file",
        "open_append_file",
        "close_file",
        "read_string",
        "read_line",
        "read_word",
        "read_char",
        "write_string",
        "write_char",
        "stdin",
        "stdout",
        "stderr",
        "nullstr",
        "read_object_from_file",
        "write_object_to_file",
    ];
    if SHELL.contains(&name) {
        Some("shell access")
    } else if STREAMS.contains(&name) {
        Some("file and stream I/O")
    } else if is_window_function(name)
        || name.starts_with("xps_")
        || matches!(
            name,
            "display"
                | "make_window"
                | "make_ps_window"
                | "draw_points"
                | "draw_string"
                | "draw_lines"
                | "draw_segments"
                | "get_mouse_info"
                | "close_window"
                | "clear_window"
                | "kill_window"
                | "draw_strings"
                | "get_screen_size"
                | "box_ratio"
                | "get_boxsize"
                | "make_scale_box"
                | "scale_point"
                | "scale_size"
                | "unscale_point"
                | "unscale_size"
                | "clip_vert"
                | "clip"
                | "scale_and_clip_segment"
                | "in_scale_box_p"
                | "get_keys"
                | "key_char"
                | "read_plot_line"
                | "text_window"
                | "text_to_window"
        )
    {
        Some("plotting: NESL's X11 window library")
    } else {
        None
    }
}

// Note [primitive semantics]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~
// Every backend implements exactly this; the reference interpreter is the
// oracle.
//
// * Integers are 64-bit two's complement and wrap on overflow. `/` truncates
//   toward zero and `rem` has the sign of the dividend; both fault on a zero
//   divisor ("division by zero"). `min_int / -1` wraps to `min_int`.
// * Floats are IEEE doubles; `+ - * /` and the float functions never fault
//   (`1.0 / 0.0` is `inf`, `sqrt(-1.0)` is NaN). Comparisons (`== < ...`)
//   are IEEE's: every one but `/=` is false when an operand is NaN.
// * `max`, `min`, `max_scan`, `min_scan`, `max_val`, `min_val`,
//   `max_index`, `min_index`, `sort` and `rank` order floats numerically
//   with NaN above every number (all NaNs equal) and `-0.0` equal to `0.0`.
//   On a tie `max(x, y)` and `min(x, y)` return `x`.
// * `lshift(x, n)`, `rshift(x, n)`: shift by `n mod 64` (so -1 shifts by
//   63); `rshift` is arithmetic.
// * `x ^ n` is `x` multiplied by itself `n` times (`x ^ 0 = 1`); a negative
//   `n` is `1 / x^-n` for floats and faults for ints ("negative
//   exponent"). The oracle computes it by binary exponentiation, which for
//   floats may round differently in the last bits.
// * `isqrt(n)`: floor of the square root; faults for negative `n`.
// * `ceil/floor/trunc/round` of a float outside the int range or NaN
//   faults; `round` rounds half away from zero.
// * `code_char(i)` faults unless 0 <= i < 256.
// * Scans are exclusive; the first element is the identity: 0 for plus,
//   1 for mult, `min_int`/`-inf`/code 0 for max, `max_int`/`inf`/code 255
//   for min, `f`/0 for or, `t`/-1 for and. Reductions of an empty sequence
//   return the identity. `parity` is the xor of the flags. The oracle adds
//   and multiplies floats left to right; other backends may associate
//   differently and are compared with a tolerance.
// * `max_index`/`min_index` return the first position of the extreme; on an
//   empty sequence they fault.
// * `dist(v, n)` faults for negative `n`; `iseq(s, d, e)` is
//   `[s, s+d, ...]` while `< e` (for `d > 0`) or `> e` (for `d < 0`);
//   `d = 0` faults.
// * No primitive builds a sequence with a column (at any nesting level) of
//   more than 2^31 elements: `dist`, `iseq` and a `->` with repeated
//   indices fault with "sequence too large" instead.
// * `s[i]`/`elt`: fault unless 0 <= i < #s ("index out of range").
// * `zip`, multiple generators: fault on unequal lengths.
// * `s -> idx`: result[j] = s[idx[j]], each index bounds-checked.
// * `permute(s, idx)`: result[idx[j]] = s[j]; faults unless `idx` is a
//   permutation of [0, #s) (same length, every position hit once).
// * `s <- pairs`: a copy of `s` with `s[i] = v` for each `(i, v)`, in order
//   (the last write to a position wins); each `i` bounds-checked.
// * `pack`: the elements whose flag is true, in order.
// * `subseq(s, a, b)`: elements [a, b); faults unless 0 <= a <= b <= #s.
// * `partition(s, lens)`: faults if a length is negative or the lengths do
//   not sum to #s.
// * `sort`: ascending, stable; `rank(s)[j]` is the position of `s[j]` in the
//   stably sorted sequence.
// * `eql`: deep structural equality (floats by `==`).
// * `hash(v, n)`: faults unless `n > 0`; otherwise `h mod n` for the
//   64-bit hash `h` of `v`. See note [hash].
// * `@v`: the contract's printed form of `v` (CONTRACT.md), as a string.
// * `exp_string(x, d)`: `x` in exponent notation with `d` digits after the
//   point, the mantissa as C's `%.*e` but the exponent written without a
//   `+` or leading zeros: `exp_string(150.0, 3) = "1.500e2"`,
//   `exp_string(0.015, 1) = "1.5e-2"`; NaN and infinities print as `@`
//   prints them. Faults unless 0 <= d <= 1000.
// * `parse_int(s)`: an optional sign and decimal digits; `parse_float(s)`:
//   an optional sign, then digits with an optional point (`1`, `1.`, `.5`,
//   `1.5`) and an optional exponent (`e-7`, `E+3`), or `inf`; or `NaN`, so
//   that every float `@` prints parses back. Spaces (ASCII white space)
//   around the number are allowed. The flag says whether the whole string
//   was such a number (that fits, for ints); when it is false the value is
//   0 (0.0).
// * `rand(v)`: uniform in [0, v) from a counter-based generator: a hash of
//   the seed, the call sites on the way to the draw and the element
//   positions of the apply-to-each it is in (the module doc of
//   `eval/random.rs` defines it exactly), so every backend draws the same
//   numbers. `rand_seed(n)` sets the seed of the top-level forms after it.
//   `rand(0)` is 0 and a negative `v` draws from (v, 0], so `rand` never
//   faults. Ints take the high 64 bits of `z * |v|` (128-bit product);
//   floats are `(z >> 11) * 2^-53 * v`.
// * `__rand_key` is the key of the running top-level form (its value
//   depends on `rand_seed`), `__rand_mix(a, b)` is SplitMix64's output
//   function of `a xor b`, and `__rand_draw(z, v)` maps the word `z` into
//   the range of `rand(v)` as above.
// * `print_string`/`print_char` write to stdout immediately and return `t`.
// * `__read_file(name)`: the bytes of the file `name` (a path relative to
//   the working directory); `__write_file(text, name, append)` writes (or
//   appends) `text` to it and is `t`. A file that cannot be read or written
//   is a runtime fault naming the file and the system's reason. Only the
//   reference interpreter runs them; the driver refuses them on the other
//   backends with "not supported yet" before anything runs.
// * `__error(msg)`: stops the program with a runtime fault whose message is
//   `msg`, reported at the innermost call site in user code.
// * Recursion deeper than 2^18 nested calls faults ("recursion too deep").

// Note [hash]
// ~~~~~~~~~~~
// `hash` folds the words of a value into a 64-bit state, starting at 0:
// `state = mix(state + word + 0x9E3779B97F4A7C15)` (wrapping), where `mix`
// is SplitMix64's output function
//   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
//   z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
//   z ^ (z >> 31).
// Words, in order: an int is its two's-complement bits; a float its IEEE
// bits, with 0.0 for -0.0 and one canonical NaN (0x7FF8000000000000); a
// bool 0 or 1; a char its code. A pair gives its first component's words,
// then its second's; a datatype value its fields' in order. A sequence gives
// two words: its length, then the wrapping sum over its elements `e_i` of
// `mix(h_i xor mix(i))`, where `h_i` is the state after folding `e_i`'s own
// words into 0 (a sum, so that parallel backends compute it as a
// reduction).

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prims_table_is_in_declaration_order_and_names_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for (i, info) in PRIMS.iter().enumerate() {
            assert_eq!(info.prim as usize, i);
            for name in info.names {
                assert!(seen.insert(*name), "duplicate builtin name {name}");
            }
        }
        assert_eq!(Prim::from_name("length"), Some(Prim::Length));
        assert_eq!(Prim::Length.name(), "#");
    }

    #[test]
    fn every_primitive_callable_by_name_has_a_wrapper_to_pass_it_as_a_value() {
        let prelude = crate::PRELUDE_SOURCE;
        for info in PRIMS {
            if !info.signature.contains("->") || info.prim.is_library_only() {
                continue;
            }
            for name in info.names {
                if !name.chars().all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit()) {
                    continue;
                }
                let wrapper = format!("function __value_{name}(");
                let line = prelude.lines().find(|l| l.starts_with(&wrapper));
                let line = line.unwrap_or_else(|| panic!("prelude.nesl lacks {wrapper}...)"));
                assert!(
                    line.contains(&format!(": {} =", info.signature)),
                    "{line} should have the signature of `{name}`"
                );
            }
        }
    }
}
