//! The session's look-back arena: the ticket and status words of every
//! decoupled look-back launch (opencl-backend's `LaunchArg::Lookback`),
//! zeroed once when made, never filled between launches.

use std::rc::Rc;

use super::{ClError, DeviceBuffer, Session};

// Note [look-back arena]
// ~~~~~~~~~~~~~~~~~~~~~~
// A look-back launch (scan, filter, segmented scan by decoupled look-back,
// `lift_ir::lookback`) needs a ticket word that starts at its first tile's
// number and a status record per tile that reads as "not published" until
// its tile writes it. These were a 32-bit counter buffer of the kernel,
// zero-filled before each launch: quicksort of 10^7 on the H100 made 550
// such fills, 3.0 ms of device time and 5.2 ms of host enqueue time, more
// than the 61 levels' small scans themselves spent in some of them.
//
// Now one buffer of the session holds them for every look-back launch:
// - The ticket word (word 0) only grows, modulo 2^32. The host knows how
//   many work-groups each launch has (every group takes exactly one
//   ticket, first thing, unconditionally: a look-back stage has no device
//   guard, the code generator refuses one), so before a launch the ticket
//   word holds the sum of the groups of the launches before it, which the
//   host keeps as `ticket`: the launch's ticket base. A group's tile is its
//   ticket less the base, in `uint` arithmetic, so the wrap of the word at
//   2^32 changes nothing while one launch has fewer than 2^32 groups
//   (checked).
// - Every status word is `epoch << 32 | half of a value`, and a reader
//   takes a record only when all its words carry the launch's epoch. The
//   epoch is a per-launch number from 1 up; the zeroed arena holds epoch 0,
//   which no launch has, and a word an earlier launch left carries that
//   launch's epoch, so it reads as "not published", as a zero did. Within
//   a launch each word is stored once, whole (aligned 64-bit stores), as
//   before. When the epoch would wrap to 0 (after 2^32 - 1 launches), a
//   new arena of the same length, zero-filled, takes the old one's place
//   (as when it grows) and the epochs start again at 1: an epoch is never
//   reused while a word carrying it may be in the arena.
// - The queue is in order: a launch starts after the one before it has
//   finished and its writes are visible, so launches never share the
//   arena at the same time, and the host's base is exactly what the ticket
//   word holds when the launch starts. A session has one queue; another
//   session (another queue, another program, another thread) has its own
//   arena. A launch that is skipped (zero work-items) takes no epoch and
//   no tickets; a failed enqueue leaves the session unusable anyway (an
//   environment error ends the run).
// - The arena grows to the largest launch asked for: a new buffer, zeroed
//   once (epoch and ticket restart at 1 and 0); the old one goes back to
//   the pool, which the in-order queue makes safe. The session holds the
//   arena, so the pool never hands it to another buffer while it is in use.
// - A session kept across programs (`nessie serve`) drops its arena with
//   the memory it holds after each run (`Session::release_held_memory`):
//   the next program zeroes a new one, as a fresh session does, and its
//   `--stats` count the same commands as a local run's.

/// The look-back arena of a session (see note [look-back arena]).
#[derive(Default)]
pub(crate) struct LookbackArena {
    buffer: Option<Rc<DeviceBuffer<i32>>>,
    /// The epoch of the last launch (0: none since the arena was zeroed).
    epoch: u32,
    /// What the ticket word holds once the launches enqueued so far ran.
    ticket: u32,
}

/// What one look-back launch passes: the arena, its epoch, its ticket base.
pub struct LookbackArgs {
    pub arena: Rc<DeviceBuffer<i32>>,
    pub epoch: u32,
    pub ticket_base: u32,
}

/// The smallest arena made, in 32-bit words (small look-backs of a
/// recursion's levels then share one buffer as the sizes vary).
const MIN_WORDS: usize = 1 << 16;

impl Session {
    /// The arena, epoch and ticket base of a look-back launch of `groups`
    /// work-groups needing `words` 32-bit words (ticket and statuses), to
    /// be enqueued next on this session's queue; the arena grows, zeroed,
    /// if it is shorter. See note [look-back arena].
    pub fn lookback_launch(&mut self, words: usize, groups: usize) -> Result<LookbackArgs, ClError> {
        let Ok(groups) = u32::try_from(groups) else {
            return Err(ClError::internal(format!("a look-back launch of {groups} work-groups (at most 2^32 - 1)")));
        };
        // A new arena, zeroed, where this one is too short (growing
        // geometrically) or where the epochs would wrap.
        let current = self.lookback.buffer.as_ref().map_or(0, |b| b.len());
        if current < words || self.lookback.epoch == u32::MAX {
            let len = if current < words { words.max(MIN_WORDS).max(2 * current) } else { current };
            // Drop the old arena first: its memory may serve the new one.
            self.lookback.buffer = None;
            let buffer = self.zeroed_arena(len)?;
            self.lookback = LookbackArena { buffer: Some(Rc::new(buffer)), epoch: 0, ticket: 0 };
        }
        let arena = &mut self.lookback;
        let Some(buffer) = &arena.buffer else {
            return Err(ClError::internal("no look-back arena"));
        };
        arena.epoch += 1;
        let ticket_base = arena.ticket;
        arena.ticket = arena.ticket.wrapping_add(groups);
        Ok(LookbackArgs { arena: Rc::clone(buffer), epoch: arena.epoch, ticket_base })
    }

    /// Makes the next look-back launch take epoch `epoch + 1` (after a
    /// zero fill if `epoch` is `u32::MAX`) and ticket base `ticket`,
    /// writing the ticket word: for tests of the wrap-arounds (note
    /// [look-back arena]). Blocking.
    pub fn set_lookback_counters(&mut self, epoch: u32, ticket: u32) -> Result<(), ClError> {
        let mut buffer = match self.lookback.buffer.take() {
            Some(buffer) => Rc::try_unwrap(buffer)
                .map_err(|_| ClError::internal("the look-back arena is still held by a launch"))?,
            None => self.zeroed_arena(MIN_WORDS)?,
        };
        self.write(&mut buffer, &[ticket as i32])?;
        self.lookback.buffer = Some(Rc::new(buffer));
        self.lookback.epoch = epoch;
        self.lookback.ticket = ticket;
        Ok(())
    }

    /// An arena of `len` words, zero-filled (enqueued).
    fn zeroed_arena(&mut self, len: usize) -> Result<DeviceBuffer<i32>, ClError> {
        let mut buffer = self.alloc::<i32>(len)?;
        self.fill(&mut buffer, 0)?;
        Ok(buffer)
    }
}
