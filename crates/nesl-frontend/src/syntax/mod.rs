//! Text to the surface AST: a `nom` parser for the whole of LANGUAGE.md.

pub mod ast;
mod errors;
mod expr;
mod lexical;
mod load;
mod parser;
mod print;
mod types;

pub use load::{parse_program, parse_program_recovering};
pub use parser::{parse_file, parse_file_recovering, parse_type_signature};
pub use print::print_module;
