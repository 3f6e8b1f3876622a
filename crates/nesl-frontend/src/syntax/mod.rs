//! Text to the surface AST: a `nom` parser for the whole of LANGUAGE.md.

pub mod ast;
mod parser;
mod print;

pub use parser::{parse_file, parse_type_signature};
pub use print::print_module;
