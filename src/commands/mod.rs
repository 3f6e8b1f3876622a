//! One module per subcommand of CONTRACT.md.

pub mod compile;
pub mod devices;
pub mod run;
pub mod schedules;
