//! # nessie: the driver
//!
//! Chains the stages of the compiler and implements the commands of
//! CONTRACT.md. (Filled in as the stages land.)
