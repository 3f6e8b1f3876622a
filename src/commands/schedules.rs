//! `nessie schedules`: compare fusion schedules.

use crate::cli::SchedulesArgs;
use crate::failure::Failure;
use crate::pipeline;
use crate::session::Session;

pub fn schedules(session: &mut Session, _args: &SchedulesArgs) -> Result<(), Failure> {
    let front = pipeline::front_end(session, &mut pipeline::no_emit)?;
    let _flat = pipeline::flatten(session, &front.program, &mut pipeline::no_emit)?;
    Err(Failure::Internal("not supported yet: fusion scheduling is not built yet".to_string()))
}
