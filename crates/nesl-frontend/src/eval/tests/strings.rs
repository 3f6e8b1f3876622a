//! The string primitives and printing.

use super::{Builder, apply, apply_fault, value_of};
use crate::builtins::Prim;
use crate::types::Type;

#[test]
fn to_string_is_the_printed_form() {
    assert_eq!(apply(Prim::ToString, |b| vec![b.float(1.0)]), r#""1.0" : [char]"#);
    assert_eq!(apply(Prim::ToString, |b| vec![b.int(-42)]), r#""-42" : [char]"#);
    assert_eq!(apply(Prim::ToString, |b| vec![b.string("a")]), r#""\"a\"" : [char]"#);
    assert_eq!(
        apply(Prim::ToString, |b| {
            let (x, s) = (b.boolean(true), b.nested_ints(&[&[1], &[]]));
            vec![b.pair(x, s)]
        }),
        r#""(T, [[1], []])" : [char]"#
    );
    let point = value_of(|b| {
        let point = b.datatype("point", vec![Type::Float, Type::Float]);
        let (x, y) = (b.float(1.0), b.float(2.5));
        let p = b.construct(point, &[x, y]);
        b.prim(Prim::ToString, &[p])
    });
    assert_eq!(point, r#""point(1.0, 2.5)" : [char]"#);
}

#[test]
fn exp_string_writes_the_asked_digits() {
    assert_eq!(apply(Prim::ExpString, |b| vec![b.float(150.0), b.int(3)]), r#""1.500e2" : [char]"#);
    assert_eq!(apply(Prim::ExpString, |b| vec![b.float(-0.015), b.int(1)]), r#""-1.5e-2" : [char]"#);
    assert_eq!(apply(Prim::ExpString, |b| vec![b.float(7.0), b.int(0)]), r#""7e0" : [char]"#);
    assert_eq!(
        apply_fault(Prim::ExpString, |b| vec![b.float(7.0), b.int(-1)]),
        "`exp_string`: -1 digits asked for (0 to 1000 allowed)"
    );
}

#[test]
fn parse_int_accepts_signed_decimals_with_spaces_around() {
    let parse = |text: &str| apply(Prim::ParseInt, |b| vec![b.string(text)]);
    assert_eq!(parse("42"), "(42, T) : (int, bool)");
    assert_eq!(parse("  -7 "), "(-7, T) : (int, bool)");
    assert_eq!(parse("+7"), "(7, T) : (int, bool)");
    assert_eq!(parse("9223372036854775807"), "(9223372036854775807, T) : (int, bool)");
    for bad in ["", " ", "4 2", "x", "1.5", "-", "9223372036854775808"] {
        assert_eq!(parse(bad), "(0, F) : (int, bool)", "{bad:?}");
    }
}

#[test]
fn parse_float_reads_back_what_to_string_writes() {
    let parse = |text: &str| apply(Prim::ParseFloat, |b| vec![b.string(text)]);
    assert_eq!(parse("2.5"), "(2.5, T) : (float, bool)");
    assert_eq!(parse(" .5"), "(0.5, T) : (float, bool)");
    assert_eq!(parse("3"), "(3.0, T) : (float, bool)");
    assert_eq!(parse("1."), "(1.0, T) : (float, bool)");
    assert_eq!(parse("-1e-7"), "(-1e-7, T) : (float, bool)");
    assert_eq!(parse("1E+3"), "(1000.0, T) : (float, bool)");
    assert_eq!(parse("-inf"), "(-inf, T) : (float, bool)");
    assert_eq!(parse("NaN"), "(NaN, T) : (float, bool)");
    for bad in ["", ".", "e5", "1e", "1.5.2", "infinity", "nan", "0x10", "1 2"] {
        assert_eq!(parse(bad), "(0.0, F) : (float, bool)", "{bad:?}");
    }
    for x in [0.1 + 0.2, 1e-300, -123456.789, f64::MAX] {
        let round_trip = value_of(|b| {
            let x = b.float(x);
            let text = b.prim(Prim::ToString, &[x]);
            b.prim(Prim::ParseFloat, &[text])
        });
        assert_eq!(round_trip, format!("({x:?}, T) : (float, bool)"));
    }
}

#[test]
fn print_string_and_print_char_interleave_with_items() {
    let mut b = Builder::new();
    let hello = b.string("hello ");
    let printed = b.prim(Prim::PrintString, &[hello]);
    b.item(printed);
    let bang = b.char(b'!');
    let printed = b.prim(Prim::PrintChar, &[bang]);
    let newline = b.char(b'\n');
    let printed_newline = b.prim(Prim::PrintChar, &[newline]);
    let both = b.pair(printed, printed_newline);
    b.item(both);
    let (text, result) = b.run();
    assert!(result.is_ok());
    assert_eq!(text, "hello it = T : bool\n!\nit = (T, T) : (bool, bool)\n");
}
