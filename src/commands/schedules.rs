//! `nessie schedules`: compare fusion schedules.

use crate::cli::SchedulesArgs;
use crate::failure::Failure;
use crate::session::Session;

pub fn schedules(session: &mut Session, _args: &SchedulesArgs) -> Result<(), Failure> {
    session.front_end()?;
    Err(Failure::Internal("not supported yet: fusion scheduling is not built yet".to_string()))
}
