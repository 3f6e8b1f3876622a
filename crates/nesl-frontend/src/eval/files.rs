//! Host file I/O: `__read_file` and `__write_file`, behind the prelude's
//! `read_string_from_file`, `read_int_seq_from_file`,
//! `read_float_seq_from_file`, `write_string_to_file` and
//! `append_string_to_file` (NESL 3.1's io.lnesl). A path is relative to the
//! working directory, as in NESL. A file that cannot be read or written is
//! a runtime fault naming it and the system's reason (NESL prints an error
//! and goes on with an empty value; a fault is what nessie does for every
//! other failing primitive).

use std::io::Write;

use crate::value::Value;

/// `__read_file(name)`: the bytes of the file.
pub fn read_file(name: &[u8]) -> Result<Value, String> {
    let path = String::from_utf8_lossy(name).into_owned();
    match std::fs::read(&path) {
        Ok(bytes) => Ok(Value::string(&bytes)),
        Err(error) => Err(format!("cannot read the file \"{path}\": {error}")),
    }
}

/// `__write_file(text, name, append)`: writes (or appends) `text`; `t`.
pub fn write_file(text: &[u8], name: &[u8], append: bool) -> Result<Value, String> {
    let path = String::from_utf8_lossy(name).into_owned();
    let file = std::fs::OpenOptions::new().create(true).write(true).append(append).truncate(!append).open(&path);
    match file.and_then(|mut file| file.write_all(text)) {
        Ok(()) => Ok(Value::Bool(true)),
        Err(error) => Err(format!("cannot write the file \"{path}\": {error}")),
    }
}
