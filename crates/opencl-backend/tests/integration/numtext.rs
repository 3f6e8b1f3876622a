//! The number <-> text library (`codegen::numtext`) on a real OpenCL device
//! (PoCL in CI) against the interpreter's Rust: `@` of random bit patterns
//! (subnormals, powers of ten, the boundaries of the notations, 0, -0,
//! infinities, NaN, the extremes), `exp_string` with random digit counts up
//! to 1000, and `parse_int`/`parse_float` of random valid and invalid
//! texts (long mantissas, halfway cases, huge exponents, spaces, signs).

use crate::support;

use nesl_frontend::eval::strings;
use nesl_frontend::value::{Value, format_float};
use opencl_backend::codegen::numtext::NUMTEXT_C;
use runtime::cl::{Arg, Grid, Launch, Session};

const KERNELS: &str = r#"
__kernel void float_text(__global const double* xs, __global long* lens, __global uchar* out, long n) {
    long i = get_global_id(0);
    if (i >= n) return;
    long w = nessie_float_shortest(xs[i]);
    long e = as_long(xs[i]) >> 52;
    long len = nessie_float_text_length(w, e);
    lens[i] = len;
    for (long j = 0; j < len && j < 32; j++) out[i * 32 + j] = (uchar)nessie_float_text_char(w, e * 32 + j);
}

__kernel void exp_text(__global const double* xs, __global const long* digits, __global const long* offsets,
                       __global long* lens, __global uchar* out, long n) {
    long i = get_global_id(0);
    if (i >= n) return;
    long e = as_long(xs[i]) >> 52;
    long w = nessie_exp_digits(as_long(xs[i]), digits[i]);
    long len = nessie_exp_text_length(w, e * 1024 + digits[i]);
    lens[i] = len;
    long room = offsets[i + 1] - offsets[i];
    for (long j = 0; j < len && j < room; j++)
        out[offsets[i] + j] = (uchar)nessie_exp_text_char(w, (e * 2048 + j) * 1024 + digits[i]);
}

__kernel void parse(__global const uchar* text, __global const long* offsets, __global long* ints,
                    __global long* int_ok, __global double* floats, __global long* float_ok, long n) {
    long i = get_global_id(0);
    if (i >= n) return;
    int ok;
    long length = offsets[i + 1] - offsets[i];
    ints[i] = nessie_parse_int(text + offsets[i], length, &ok);
    int_ok[i] = ok;
    floats[i] = nessie_parse_float(text + offsets[i], length, &ok);
    float_ok[i] = ok;
}
"#;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn session() -> Session {
    let spec = std::env::var("NESSIE_DEVICE").ok();
    Session::open(spec.as_deref()).unwrap_or_else(|e| panic!("these tests need an OpenCL device (PoCL): {e}"))
}

fn program(session: &mut Session) -> std::rc::Rc<runtime::cl::Program> {
    let source = format!("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n{NUMTEXT_C}\n{KERNELS}");
    session.build_program("numtext_test", &source, "").unwrap_or_else(|e| panic!("the library does not build: {e}"))
}

/// Doubles worth printing: edge cases, then random bit patterns of every
/// kind.
fn doubles(count: usize) -> Vec<f64> {
    let mut xs = vec![
        0.0,
        -0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        5e-324,
        -5e-324,
        f64::from_bits(0x000F_FFFF_FFFF_FFFF),
        1e16,
        9999999999999998.0,
        1e-4,
        9.999999999999999e-5,
        1e-7,
        0.1 + 0.2,
        1.0,
        0.5,
        123.456,
        1e21,
        1e22,
        1e23,
        2f64.powi(52),
        2f64.powi(53),
        2f64.powi(-1022),
    ];
    for k in -325..=309 {
        let p: f64 = format!("1e{k}").parse().unwrap();
        xs.extend([p, p.next_up(), p.next_down()]);
    }
    for e in -1074..=1023 {
        xs.push(2f64.powi(e));
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    while xs.len() < count {
        let x = match rng.below(4) {
            0 => f64::from_bits(rng.next()),
            // Subnormals.
            1 => f64::from_bits(rng.next() & 0x800F_FFFF_FFFF_FFFF),
            // Short decimals.
            2 => (rng.below(1_000_000) as f64) / 10f64.powi(rng.below(12) as i32),
            // Numbers near 1.
            _ => {
                f64::from_bits(0x3FF0_0000_0000_0000 | (rng.next() >> 12)) * if rng.below(2) == 0 { 1.0 } else { -3.0 }
            }
        };
        xs.push(x);
    }
    xs
}

fn read_longs(session: &mut Session, b: &runtime::cl::DeviceBuffer<i64>) -> Vec<i64> {
    session.read(b).unwrap()
}

#[test]
fn floats_print_as_rusts_debug() {
    support::own_process!();
    let mut session = session();
    let program = program(&mut session);
    let xs = doubles(60_000);
    let n = xs.len();
    let input = session.upload(&xs).unwrap();
    let lens = session.alloc::<i64>(n).unwrap();
    let out = session.alloc::<u8>(n * 32).unwrap();
    let kernel = program.kernel("float_text").unwrap();
    let args = [Arg::from(&input), Arg::from(&lens), Arg::from(&out), Arg::I64(n as i64)];
    session.launch(&Launch::new(kernel, Grid::linear(n)), &args).unwrap();
    let lens = read_longs(&mut session, &lens);
    let out = session.read(&out).unwrap();
    let mut wrong = Vec::new();
    for (i, x) in xs.iter().enumerate() {
        let want = format_float(*x);
        let len = lens[i].clamp(0, 32) as usize;
        let got = String::from_utf8_lossy(&out[i * 32..i * 32 + len]).into_owned();
        if lens[i] != want.len() as i64 || got != want {
            wrong.push(format!("{:#018x}: {want} printed {got} (length {})", x.to_bits(), lens[i]));
        }
    }
    assert!(wrong.is_empty(), "{} of {n} wrong, e.g.\n{}", wrong.len(), wrong[..wrong.len().min(20)].join("\n"));
}

#[test]
fn exp_string_is_rusts_exact_exponent_form() {
    support::own_process!();
    let mut session = session();
    let program = program(&mut session);
    let mut xs = doubles(6_000);
    // Halfway cases of the rounding: short decimals ending in 5.
    xs.extend([0.125, 0.375, 2.5, 3.5, 9.5, 0.25, 1.5, 99.5, 999.5, 1e23, 5e-324]);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let digits: Vec<i64> = (0..xs.len())
        .map(|i| match i % 50 {
            0 => 1000,
            1 => rng.below(1001) as i64,
            _ => rng.below(30) as i64,
        })
        .collect();
    let wants: Vec<String> = xs.iter().zip(&digits).map(|(&x, &d)| format!("{:.*e}", d as usize, x)).collect();
    let mut offsets = vec![0i64];
    for w in &wants {
        offsets.push(offsets.last().unwrap() + w.len() as i64);
    }
    let n = xs.len();
    let input = session.upload(&xs).unwrap();
    let digits_buffer = session.upload(&digits).unwrap();
    let offsets_buffer = session.upload(&offsets).unwrap();
    let lens = session.alloc::<i64>(n).unwrap();
    let out = session.alloc::<u8>(*offsets.last().unwrap() as usize).unwrap();
    let kernel = program.kernel("exp_text").unwrap();
    let args = [
        Arg::from(&input),
        Arg::from(&digits_buffer),
        Arg::from(&offsets_buffer),
        Arg::from(&lens),
        Arg::from(&out),
        Arg::I64(n as i64),
    ];
    session.launch(&Launch::new(kernel, Grid::linear(n)), &args).unwrap();
    let lens = read_longs(&mut session, &lens);
    let out = session.read(&out).unwrap();
    let mut wrong = Vec::new();
    for i in 0..n {
        let (a, b) = (offsets[i] as usize, offsets[i + 1] as usize);
        let got = String::from_utf8_lossy(&out[a..b]).into_owned();
        if lens[i] != (b - a) as i64 || got != wants[i] {
            wrong.push(format!(
                "{:#018x} to {} digits: {} printed {got} (length {})",
                xs[i].to_bits(),
                digits[i],
                wants[i],
                lens[i]
            ));
        }
    }
    assert!(wrong.is_empty(), "{} of {n} wrong, e.g.\n{}", wrong.len(), wrong[..wrong.len().min(10)].join("\n"));
}

/// Texts to parse: printed doubles in every notation, long mantissas,
/// halfway cases, ints at the edges, and random junk from a small alphabet.
fn texts() -> Vec<Vec<u8>> {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut texts: Vec<Vec<u8>> = [
        "",
        " ",
        "0",
        "-0",
        "+0",
        "42",
        "  -17 ",
        "\t8\n",
        "12x",
        "9223372036854775807",
        "-9223372036854775808",
        "9223372036854775808",
        "-9223372036854775809",
        "00000000000000000000000000001",
        "+",
        "-",
        "1.",
        ".5",
        ".",
        "1.e5",
        "e5",
        "1e",
        "1e+",
        "1e-5",
        "1E5",
        "inf",
        "-inf",
        "+inf",
        "NaN",
        "nan",
        "-NaN",
        "infinity",
        "1e400",
        "1e-400",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "4.9406564584124654e-324",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "0.1",
        "1..2",
        "1.2.3",
        "1e5e3",
        "- 1",
        "1 2",
        "0x10",
        "\x0b1",
        "1\x0c",
        "9007199254740993",
        "9007199254740992.5",
        "9007199254740993.0000000000000000000000000001",
        "1e99999999999999999999999",
        "0e99999999999999999999",
        "0.000000000000000000000000000000000000001e30",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    // Exact halfway points between doubles, and just above and below.
    for _ in 0..300 {
        let x = f64::from_bits(rng.next() >> 1);
        if !x.is_finite() {
            continue;
        }
        let halfway = exact_decimal_halfway(x);
        texts.push(halfway.clone().into_bytes());
        texts.push(format!("{halfway}0000000000000000000000000000001").into_bytes());
        // Just below: the last digit of the mantissa one less (it is odd).
        let (mantissa, exponent) = halfway.split_once('e').unwrap();
        let mut below = mantissa.as_bytes().to_vec();
        *below.last_mut().unwrap() -= 1;
        texts.push(format!("{}e{exponent}", String::from_utf8(below).unwrap()).into_bytes());
    }
    for x in doubles(8_000).into_iter().skip(1900) {
        let text = match rng.below(5) {
            0 => format!("{x:?}"),
            1 => format!("{x:e}"),
            2 => format!("{:.*e}", rng.below(25) as usize, x),
            3 => format!("{:.*}", rng.below(30) as usize, x),
            _ => format!("{}", (x * 1e6).trunc() as i64),
        };
        texts.push(text.into_bytes());
    }
    let alphabet = b"0123456789012345678901234567890123456789+-.eE  \tinfNa";
    for _ in 0..3000 {
        let len = rng.below(12) as usize;
        texts.push((0..len).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize]).collect());
    }
    for _ in 0..200 {
        let len = rng.below(900) as usize + 1;
        let mut t: Vec<u8> = (0..len).map(|_| b'0' + rng.below(10) as u8).collect();
        if rng.below(2) == 0 {
            let at = rng.below(len as u64) as usize;
            t.insert(at, b'.');
        }
        t.extend(format!("e{}", rng.below(800) as i64 - 700).bytes());
        texts.push(t);
    }
    texts
}

/// The exact decimal expansion of the midpoint between `x > 0` and the
/// next double up, in exponent form.
fn exact_decimal_halfway(x: f64) -> String {
    // x + ulp/2 is m * 2^e exactly for m = 2 * mantissa + 1.
    let bits = x.to_bits();
    let (mantissa, e) = if bits >> 52 == 0 {
        (bits, -1074)
    } else {
        ((bits & ((1 << 52) - 1)) | (1 << 52), (bits >> 52) as i32 - 1075)
    };
    let m = 2 * mantissa + 1;
    let e = e - 1;
    // m * 2^e = m * 5^-e / 10^-e for e < 0.
    let mut big: Vec<u32> = vec![m as u32, (m >> 32) as u32];
    let mut scale10 = 0i32;
    if e >= 0 {
        for _ in 0..e {
            mul_small(&mut big, 2);
        }
    } else {
        for _ in 0..-e {
            mul_small(&mut big, 5);
        }
        scale10 = e;
    }
    let text = to_decimal(&big);
    format!("{text}e{scale10}")
}

fn mul_small(big: &mut Vec<u32>, m: u32) {
    let mut carry = 0u64;
    for limb in big.iter_mut() {
        let t = u64::from(*limb) * u64::from(m) + carry;
        *limb = t as u32;
        carry = t >> 32;
    }
    if carry != 0 {
        big.push(carry as u32);
    }
}

fn to_decimal(big: &[u32]) -> String {
    let mut big = big.to_vec();
    let mut digits = Vec::new();
    while big.iter().any(|&l| l != 0) {
        let mut rem = 0u64;
        for limb in big.iter_mut().rev() {
            let t = (rem << 32) | u64::from(*limb);
            *limb = (t / 10) as u32;
            rem = t % 10;
        }
        digits.push(b'0' + rem as u8);
    }
    if digits.is_empty() {
        digits.push(b'0');
    }
    digits.reverse();
    String::from_utf8(digits).unwrap()
}

#[test]
fn parsing_is_the_interpreters() {
    support::own_process!();
    let mut session = session();
    let program = program(&mut session);
    let texts = texts();
    let n = texts.len();
    let mut offsets = vec![0i64];
    let mut all = Vec::new();
    for t in &texts {
        all.extend_from_slice(t);
        offsets.push(all.len() as i64);
    }
    let text = session.upload(&all).unwrap();
    let offsets_buffer = session.upload(&offsets).unwrap();
    let ints = session.alloc::<i64>(n).unwrap();
    let int_ok = session.alloc::<i64>(n).unwrap();
    let floats = session.alloc::<f64>(n).unwrap();
    let float_ok = session.alloc::<i64>(n).unwrap();
    let kernel = program.kernel("parse").unwrap();
    let args = [
        Arg::from(&text),
        Arg::from(&offsets_buffer),
        Arg::from(&ints),
        Arg::from(&int_ok),
        Arg::from(&floats),
        Arg::from(&float_ok),
        Arg::I64(n as i64),
    ];
    session.launch(&Launch::new(kernel, Grid::linear(n)), &args).unwrap();
    let ints = read_longs(&mut session, &ints);
    let int_ok = read_longs(&mut session, &int_ok);
    let floats = session.read(&floats).unwrap();
    let float_ok = read_longs(&mut session, &float_ok);
    let mut wrong = Vec::new();
    let mut accepted = 0;
    for (i, t) in texts.iter().enumerate() {
        let shown = String::from_utf8_lossy(t);
        let Value::Pair(int) = strings::parse_int(t) else { panic!("a pair") };
        let (Value::Int(want), Value::Bool(ok)) = (&int.0, &int.1) else { panic!("(int, bool)") };
        if (ints[i], int_ok[i] != 0) != (*want, *ok) {
            wrong.push(format!("parse_int({shown:?}) = ({want}, {ok}), got ({}, {})", ints[i], int_ok[i]));
        }
        let Value::Pair(float) = strings::parse_float(t) else { panic!("a pair") };
        let (Value::Float(want), Value::Bool(ok)) = (&float.0, &float.1) else { panic!("(float, bool)") };
        accepted += usize::from(*ok);
        let same = want.to_bits() == floats[i].to_bits() || (want.is_nan() && floats[i].is_nan());
        if !same || *ok != (float_ok[i] != 0) {
            wrong.push(format!("parse_float({shown:?}) = ({want:?}, {ok}), got ({:?}, {})", floats[i], float_ok[i]));
        }
    }
    assert!(accepted > n / 2, "only {accepted} of {n} texts are floats");
    assert!(wrong.is_empty(), "{} of {n} wrong, e.g.\n{}", wrong.len(), wrong[..wrong.len().min(20)].join("\n"));
}
