//! The protocol between `nessie run` and `nessie serve`, over a Unix socket.
//!
//! Every message is a frame: a 4-byte big-endian length `n`, then `n`
//! bytes: a tag byte and the payload. One connection carries one request.
//!
//! ```text
//! client ─ 'R' Request (JSON) ──────────────────▶ server
//!        ◀─ 'O' stdout bytes | 'E' stderr bytes ─  (any number, in the order written)
//!        ◀─ 'X' exit status (one byte) ─────────   the end of a run
//!        ◀─ 'N' reason (UTF-8) ─────────────────   the server does not run this request
//! client ─ 'S' Request (JSON, `file` empty) ────▶  stop the server; answered by 'X' 0
//! ```
//!
//! A request carries [`PROTOCOL_VERSION`]; a server of another version
//! answers 'N', and the client then runs the program itself. Nothing a
//! client sends can make the server panic: a bad frame or request is
//! answered by 'N' (or the connection is dropped) and the server goes on.

use std::collections::BTreeMap;
use std::io::{self, Read, Write};

use serde::{Deserialize, Serialize};

/// The version of this protocol; a server answers only requests of its own.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest frame either side accepts (a source file of the request).
pub const MAX_FRAME_BYTES: usize = 256 << 20;

pub const TAG_RUN: u8 = b'R';
pub const TAG_STOP: u8 = b'S';
pub const TAG_STDOUT: u8 = b'O';
pub const TAG_STDERR: u8 = b'E';
pub const TAG_EXIT: u8 = b'X';
pub const TAG_REFUSED: u8 = b'N';

/// The field every request starts with; a stop request is only this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Versioned {
    pub version: u32,
}

/// What `nessie run` asks the server to do: everything of the command line
/// and the environment that decides what the run prints.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub version: u32,
    /// The client's working directory: the server runs the program there
    /// (relative paths of `load` and of file I/O).
    pub cwd: String,
    /// The path as the user gave it: diagnostics name it.
    pub file: String,
    /// The file's text, read by the client.
    pub source: String,
    /// `--device` (or `NESSIE_DEVICE`).
    pub device: Option<String>,
    /// `--schedule`: `ilp`, `greedy` or `none`.
    pub schedule: String,
    pub ilp_time_limit: f64,
    pub stats: bool,
    /// Whether diagnostics are rendered in colour (the client's stderr is
    /// a terminal and `NO_COLOR` is unset).
    pub color: bool,
    /// The client's `NESSIE_*` environment variables ([`served_environment`]):
    /// the server runs only requests whose environment is its own.
    pub environment: BTreeMap<String, String>,
}

/// The environment variables that change what a run does or prints: every
/// `NESSIE_*` variable except those the command line already carries
/// (`NESSIE_DEVICE`) or that only choose the server (`NESSIE_SERVER`).
pub fn served_environment() -> BTreeMap<String, String> {
    std::env::vars_os()
        .filter_map(|(name, value)| Some((name.into_string().ok()?, value.into_string().ok()?)))
        .filter(|(name, _)| name.starts_with("NESSIE_") && name != "NESSIE_DEVICE" && name != "NESSIE_SERVER")
        .collect()
}

/// Writes one frame.
pub fn write_frame(out: &mut impl Write, tag: u8, payload: &[u8]) -> io::Result<()> {
    let length = u32::try_from(payload.len() + 1)
        .ok()
        .filter(|&n| n as usize <= MAX_FRAME_BYTES)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "a frame longer than the protocol allows"))?;
    let mut frame = Vec::with_capacity(payload.len() + 5);
    frame.extend_from_slice(&length.to_be_bytes());
    frame.push(tag);
    frame.extend_from_slice(payload);
    out.write_all(&frame)?;
    out.flush()
}

/// Reads one frame: its tag and payload. A clean end of the stream before
/// the frame is `Ok(None)`.
pub fn read_frame(input: &mut impl Read) -> io::Result<Option<(u8, Vec<u8>)>> {
    let mut length = [0u8; 4];
    let mut got = 0;
    while got < 4 {
        match input.read(&mut length[got..]) {
            Ok(0) if got == 0 => return Ok(None),
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let length = u32::from_be_bytes(length) as usize;
    if length == 0 || length > MAX_FRAME_BYTES {
        return Err(io::Error::new(io::ErrorKind::InvalidData, format!("a frame of {length} bytes")));
    }
    let mut frame = vec![0u8; length];
    input.read_exact(&mut frame)?;
    let tag = frame.remove(0);
    Ok(Some((tag, frame)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_read_back_as_written() {
        let mut bytes = Vec::new();
        write_frame(&mut bytes, TAG_STDOUT, b"it = 1 : int\n").unwrap();
        write_frame(&mut bytes, TAG_EXIT, &[3]).unwrap();
        let mut input = &bytes[..];
        assert_eq!(read_frame(&mut input).unwrap(), Some((TAG_STDOUT, b"it = 1 : int\n".to_vec())));
        assert_eq!(read_frame(&mut input).unwrap(), Some((TAG_EXIT, vec![3])));
        assert_eq!(read_frame(&mut input).unwrap(), None);
    }

    #[test]
    fn bad_frames_are_errors_not_panics() {
        for bytes in [&[0u8, 0, 0, 0][..], &[0xff, 0xff, 0xff, 0xff, b'R'], &[0, 0, 0, 9, b'R', 1], &[0, 0]] {
            assert!(read_frame(&mut &bytes[..]).is_err(), "{bytes:?}");
        }
    }

    #[test]
    fn a_request_reads_back_from_json() {
        let request = Request {
            version: PROTOCOL_VERSION,
            cwd: "/work".into(),
            file: "examples/dotp.nesl".into(),
            source: "1 + 2;".into(),
            device: Some("pocl".into()),
            schedule: "ilp".into(),
            ilp_time_limit: 10.0,
            stats: true,
            color: false,
            environment: [("NESSIE_PROGRAMS".to_string(), "merged".to_string())].into(),
        };
        let json = serde_json::to_vec(&request).unwrap();
        assert_eq!(serde_json::from_slice::<Request>(&json).unwrap(), request);
    }
}
