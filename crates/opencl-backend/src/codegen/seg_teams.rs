//! `segReduceTeams` as C (see `lift_ir::seg_reduce`): work-groups of `L`
//! work-items in teams of `lanes` (a power of two the host chose), every
//! team reducing one segment per step of a loop that strides over the
//! segments with all the groups. Each lane folds its elements into
//! private accumulators (`lane, lane + lanes, ...` of the segment, or its
//! contiguous chunk for an operator that does not commute); the team then
//! combines its lanes by a tree in the local array the memory table gives
//! (lane `j` takes `j + h` for `h = 1, 2, 4, ...` where `j` is a multiple
//! of `2h`, the order of `lift_ir::seg_reduce::TeamOrder::tree`), and lane
//! 0 writes the segment's value. A team of at most `SERIAL_TREE_LANES`
//! lanes has its lane 0 take the same tree alone after one barrier: the
//! steps write alternate halves of the local array (twice the group), so
//! the next step's values never overwrite those a lane 0 still reads
//! (the barrier of the step between orders them), and the group's tree
//! of a long segment starts after a barrier. A segment too long for its team
//! (`TeamOrder::is_long`) is left to the whole group after the teams'
//! trees: its team appends itself to a local list (an `atomic_inc` of the
//! step's count; three counts in turn, so that a count is zeroed two
//! steps before it is used again, with a barrier between), and the group
//! reduces each listed segment with all its `L` work-items. The loop's
//! bound, the list's count and `lanes` are the same for the whole group,
//! so every work-item meets every barrier. A segment's length is where
//! the next starts (the last ends at `n`, the one element of `lengths`
//! read): 8 bytes of descriptor a segment, not 16 (on the H100, 4M rows
//! of 8: 0.60 ms instead of 0.71). Where the stage's guard keeps long
//! segments out (`Teams::group_long` false) the kernel has no list and
//! no branch for them. `segReduce-binned` (`Teams::list`): the teams'
//! stage appends a long segment's index to the list in global memory
//! (`atomic_inc` of its counter) instead, and the serving stage's groups
//! take the listed segments in turn, each folded by the whole group.
//! Teams that give up (`Teams::gives_up`, note [teams give up] in
//! `lift_ir::seg_reduce`): a team whose segment is longer than the bound
//! skips it and its lane 0 sets the flag (`atomic_max`) and the group's
//! slot of the next step; work-item 0 reads the flag (volatile) at each
//! step's start and sets the next step's slot (three local slots in
//! turn) before the step's barrier where the flag is set (the first
//! step's slot before a barrier ahead of the loop), and the whole group
//! leaves the loop at the next step whose slot is set. A group that
//! stopped so writes chunks of the merge's splits after its loop
//! ([`Generator::splits_where_given_up`], note [splits where teams give
//! up] in `lift_ir::seg_reduce`). With tickets (`GiveUp::tickets_on`)
//! the groups take their steps from the look-back arena's ticket word
//! instead of striding (note [teams take tickets]). Where no segment is
//! left to the group the kernel has neither the long counts nor the
//! barrier that zeroes them. `segReduce-warp-teams` (`Teams::warp`, note [warp teams] in
//! `lift_ir::seg_reduce`): under `#ifdef __NV_CL_C_VERSION` each warp
//! keeps its copy of the flag in a register (read by every work-item,
//! lane 0's taken by `shfl.sync.idx`) and the team combines its lanes by
//! `shfl.sync.down` ([`Generator::warp_tree`]), no barrier in the loop;
//! under `#else` the kernel above. `stream-element-reads`
//! (`Teams::stream`, note [streaming element reads]): the fold's
//! hoisted reads are `ld.global.cs` under the same `#ifdef`
//! ([`Generator::pull_batch`]).

use lift_ir::address_space::AddressSpace;
use lift_ir::arith::{ArithExpr, Range, Var};
use lift_ir::ir::{Expr, Fun, LongList, Teams, Type};
use lift_ir::memory::AllocKind;
use lift_ir::seg_reduce::{LONG_STEPS, SERIAL_TREE_LANES};

use super::seg_reduce::{Reduction, SegInputs};
use super::{Generator, KernelArg, Out, Val, internal};
use crate::compile::CodegenError;
use crate::user_fun::c_type;

impl Generator<'_> {
    pub(super) fn seg_reduce_teams(
        &mut self,
        f: &Fun,
        op: &Fun,
        teams: &Teams,
        args: &[Expr],
        dest: Option<Out>,
    ) -> Result<Val, CodegenError> {
        let SegInputs { out, init, offsets, lengths, count, pull } =
            self.seg_reduce_inputs("segReduceTeams", args, dest)?;
        let comps = self.allocation(f, AllocKind::Accumulator, AddressSpace::Private)?.components;
        let group = teams.group_size;
        let tree = self.allocation(f, AllocKind::TeamTree, AddressSpace::Local)?;
        let list = self.allocation(f, AllocKind::LongSegments, AddressSpace::Local)?;
        if tree.size.as_cst() != Some(2 * group) || tree.components != comps || list.size.as_cst() != Some(group + 3) {
            return internal("the team tree or the long segments' list differs from the memory table's");
        }
        self.groups = Some(teams.groups.clone());
        self.local = Some(ArithExpr::cst(group));
        self.has_barrier = true;

        let tree: Vec<String> = comps.iter().map(|_| self.fresh("team_values")).collect();
        for (n, s) in tree.iter().zip(&comps) {
            self.local_decls.push(format!("__local {} {n}[{}];", c_type(*s), 2 * group));
        }
        // The group's list of its teams' long segments (three counts), a
        // stage's that leaves them to the group.
        let local_long = teams.list.is_none() && teams.group_long;
        let long_teams = self.fresh("long_teams");
        if local_long {
            self.local_decls.push(format!("__local int {long_teams}[{}];", group + 3));
        }
        let red = Reduction {
            pull,
            op,
            acc_ty: Type::of_components(&comps),
            init,
            comps,
            tree,
            strided: teams.strided,
            batch: teams.batch,
            hoisted: teams.hoisted.clone(),
        };
        if let Some(list) = teams.list.as_ref().filter(|l| l.serves) {
            return self.serve_long_list(&red, list, (&out, &offsets, &lengths, &count));
        }
        // segReduce-binned: a long segment's index goes to the list.
        let listing = match &teams.list {
            Some(list) => {
                self.need(KernelArg::Array { var: list.counter, written: true });
                self.need(KernelArg::Array { var: list.ids, written: true });
                Some((self.kvar(list.counter), self.kvar(list.ids), self.c(&list.bound)))
            }
            None => None,
        };
        // segReduce-by-shape's teams that give up on a long segment (note
        // [teams give up]): the flag, its bound, and the group's copy of
        // the flag (a step's in one of two slots).
        let stop = match &teams.gives_up {
            Some(g) => {
                self.need(KernelArg::Array { var: g.flag, written: true });
                let stopped = self.fresh("stopped");
                self.local_decls.push(format!("__local int {stopped}[3];"));
                Some((self.kvar(g.flag), self.c(&g.bound), stopped))
            }
            None => None,
        };
        // segReduce-warp-teams (note [warp teams] in `lift_ir::seg_reduce`):
        // on NVIDIA's compiler no barrier in the loop, the portable path
        // under `#else`.
        let (warp, every) = (teams.warp.is_some(), teams.warp.unwrap_or(1));
        if warp && (every < 1 || every & (every - 1) != 0) {
            return internal(format!("warp teams reading the flag every {every} steps"));
        }
        if warp && (teams.group_long || teams.list.is_some() || teams.long.is_some()) {
            return internal("warp teams with segments left to the group");
        }
        let lanes = self.c(&teams.lanes);
        let count_c = self.c(&count);
        let (l, lane, team, per_group) = (self.fresh("l"), self.fresh("lane"), self.fresh("team"), self.fresh("teams"));
        self.line(format!("const long {l} = get_local_id(0);"));
        self.line(format!("const long {lane} = {l} & ({lanes} - 1);"));
        self.line(format!("const long {team} = {l} / {lanes};"));
        self.line(format!("const long {per_group} = {group} / {lanes};"));
        // Teams that give up take their steps by ticket (note [teams take
        // tickets] in `lift_ir::seg_reduce`); warp teams stride.
        let tickets = match (&teams.gives_up, warp) {
            (Some(g), false) if g.tickets_on => {
                self.need(KernelArg::Lookback(g.tickets));
                let arena = self.kvar(g.tickets);
                let slots = self.fresh("tickets");
                self.local_decls.push(format!("__local long {slots}[3];"));
                // The step count, in local memory for work-item 0, so that
                // no work-item keeps it in a register (the kernel's 48
                // registers on the H100 are 5 groups an SM; 56 are 4).
                let steps = format!("{slots}[2]");
                self.line(format!("if ({l} == 0) {steps} = ({count_c} + {per_group} - 1) / {per_group};"));
                Some(Tickets { arena, slots, steps })
            }
            _ => None,
        };
        // Segment `s` ends where the next starts, the last at `n`: the
        // offsets are read, the lengths only at the last.
        let n = self.fresh("n");
        self.line(format!("const long {n} = {count_c} > 0 ? {offsets}[{count_c} - 1] + {lengths}[{count_c} - 1] : 0;"));
        if local_long {
            self.line(format!("if ({l} < 3) {long_teams}[{group} + {l}] = 0;"));
        }
        let read_flag = |flag: &str| format!("((volatile __global int *){flag})[0]");
        let (clamp, warp_stop) = (self.fresh("shfl_clamp"), self.fresh("stop"));
        if warp {
            self.line(NV_ONLY);
            self.line(format!("const int {clamp} = ((32 - (int){lanes}) << 8) | 31;"));
            if let Some((flag, _, _)) = &stop {
                self.line(format!("int {warp_stop} = {};", read_flag(flag)));
                self.line(warp_broadcast(&warp_stop, &warp_stop));
            }
            self.line("#else");
        }
        if let Some((flag, _, stopped)) = &stop {
            self.open(format!("if ({l} == 0)"));
            self.line(format!("{stopped}[0] = {};", read_flag(flag)));
            self.line(format!("{stopped}[1] = 0;"));
            self.line(format!("{stopped}[2] = 0;"));
            self.close();
        }
        if let Some(tk) = &tickets {
            self.open(format!("if ({l} == 0)"));
            self.take_team_ticket(tk, "0");
            self.close();
        }
        if local_long || stop.is_some() {
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        }
        if warp {
            self.line("#endif");
        }
        let (first, step) = (self.fresh("first"), self.fresh("step"));
        if tickets.is_none() {
            self.line(format!("long {step} = 0;"));
        }
        let ticket = self.fresh("ticket");
        match &tickets {
            Some(tk) => {
                // `ticket`: the group's step, from its ticket (-1: none left).
                self.line(format!("long {ticket} = {}[0];", tk.slots));
                self.line(format!("uint {step} = 0;"));
                self.open(format!("for (; {ticket} >= 0; {step}++)"));
                self.line(format!("const long {first} = {ticket} * {per_group};"));
            }
            None => self.open(format!(
                "for (long {first} = get_group_id(0) * {per_group}; {first} < {count_c}; {first} += get_num_groups(0) * {per_group}, {step}++)"
            )),
        }
        // The flag as the group read it before the step's first barrier:
        // the same for every work-item, so the group stops together.
        let next = self.fresh("next");
        if let Some((flag, _, stopped)) = &stop {
            if warp {
                // Each work-item reads the flag at every `every`-th step
                // (its steps `every - 1`, `2·every - 1`, ...; the first
                // step's flag is the one read before the loop); the warp
                // takes lane 0's reading after the step's loads.
                self.line(NV_ONLY);
                self.line(format!("if ({warp_stop} != 0) break;"));
                if every == 1 {
                    self.line(format!("const int {next} = {};", read_flag(flag)));
                } else {
                    self.line(format!(
                        "const int {next} = (({step} + 1) & {}) == 0 ? {} : 0;",
                        every - 1,
                        read_flag(flag)
                    ));
                }
                self.line("#else");
            }
            self.line(format!("if ({stopped}[{step} % 3] != 0) break;"));
            self.line(format!("const int {next} = {l} == 0 ? {} : 0;", read_flag(flag)));
            self.line(format!("if ({l} == 0) {stopped}[({step} + 2) % 3] = 0;"));
            if warp {
                self.line("#endif");
            }
        }
        // The next ticket's `atomic_inc` is issued here and its value used
        // before the barrier, so that the step's loads do not wait for it.
        let raw = self.fresh("raw");
        if let Some(tk) = &tickets {
            let arena = &tk.arena;
            self.line(format!("const uint {raw} = {l} == 0 ? {} : 0;", super::arena_ticket(arena)));
        }
        let (s, counter, is_long) = (self.fresh("s"), self.fresh("counter"), self.fresh("is_long"));
        self.line(format!("const long {s} = {first} + {team};"));
        if local_long {
            self.line(format!("const long {counter} = {group} + {step} % 3;"));
        }
        self.line(format!("int {is_long} = 0;"));
        let accs = self.declare_accs(&red);
        self.open(format!("if ({s} < {count_c})"));
        let (offset, length) = (self.fresh("offset"), self.fresh("length"));
        self.line(format!("const long {offset} = {offsets}[{s}];"));
        self.line(format!("const long {length} = ({s} + 1 < {count_c} ? {offsets}[{s} + 1] : {n}) - {offset};"));
        if let Some((flag, bound, stopped)) = &stop {
            self.open(format!("if ({length} > {bound})"));
            self.line(format!("{is_long} = 1;"));
            // The team's group stops at its next step without waiting to
            // read the flag back (note [teams take tickets]).
            self.open(format!("if ({lane} == 0)"));
            self.line(format!("atomic_max(&{flag}[0], 1);"));
            self.line(format!("{stopped}[({step} + 1) % 3] = 1;"));
            self.close();
            self.indent -= 1;
            self.open("} else");
        }
        let chunks_long = match &teams.long {
            Some(long) => format!(" || {length} >= {}", 2 * long.chunk),
            None => String::new(),
        };
        match &listing {
            Some((listed, ids, bound)) => {
                self.line(format!("{is_long} = {length} > {bound};"));
                self.open(format!("if ({is_long})"));
                self.line(format!("if ({lane} == 0) {ids}[atomic_inc(&{listed}[0])] = {s};"));
            }
            None if teams.group_long => {
                self.line(format!(
                    "{is_long} = ({lanes} < {group} && {length} > {LONG_STEPS} * {lanes}){chunks_long};"
                ));
                self.open(format!("if ({is_long})"));
                self.line(format!(
                    "if ({lane} == 0) {long_teams}[atomic_inc(&{long_teams}[{counter}])] = (int){team};"
                ));
            }
            // No segment is long here (the stage's guard): no branch.
            None => self.open(""),
        }
        if listing.is_some() || teams.group_long {
            self.indent -= 1;
            self.open("} else");
        }
        self.fold(&red, &accs, (&offset, &length), (&lane, &lanes), teams.stream)?;
        self.close();
        if stop.is_some() {
            self.close();
        }
        self.close();
        if warp {
            self.line(NV_ONLY);
            if stop.is_some() && every == 1 {
                self.line(warp_broadcast(&warp_stop, &next));
            } else if stop.is_some() {
                self.line(format!("if ((({step} + 1) & {}) == 0) {}", every - 1, warp_broadcast(&warp_stop, &next)));
            }
            self.warp_tree(&red, &accs, &lane, &lanes, &clamp)?;
            self.line("#else");
        }
        // The team's tree, in the step's half of the local arrays; the
        // group takes it together or not at all.
        let at = self.fresh("at");
        self.line(format!("const long {at} = ({step} & 1) * {group} + {l};"));
        for (t, a) in red.tree.iter().zip(&accs) {
            self.line(format!("{t}[{at}] = {a};"));
        }
        if let Some((_, _, stopped)) = &stop {
            self.line(format!("if ({l} == 0 && {next} != 0) {stopped}[({step} + 1) % 3] = 1;"));
        }
        if let Some(tk) = &tickets {
            self.open(format!("if ({l} == 0)"));
            self.publish_team_ticket(tk, &format!("({step} + 1) & 1"), &raw);
            self.close();
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        if let Some(tk) = &tickets {
            self.line(format!("{ticket} = {}[({step} + 1) & 1];", tk.slots));
        }
        if local_long {
            self.line(format!("if ({l} == 0) {long_teams}[{group} + ({step} + 2) % 3] = 0;"));
        }
        self.open(format!("if ({lanes} > {SERIAL_TREE_LANES})"));
        self.tree(&red, &at, &lane, &lanes)?;
        for (a, t) in accs.iter().zip(&red.tree) {
            self.line(format!("{a} = {t}[{at}];"));
        }
        self.indent -= 1;
        self.open(format!("}} else if ({lanes} > 1 && {lane} == 0)"));
        self.serial_tree(&red, &at, &lanes)?;
        for (a, t) in accs.iter().zip(&red.tree) {
            self.line(format!("{a} = {t}[{at}];"));
        }
        self.close();
        if warp {
            self.line("#endif");
        }
        self.open(format!("if ({lane} == 0 && {s} < {count_c} && !{is_long})"));
        let at = ArithExpr::var(&Var::new(s.clone(), Range::below(count.clone())));
        self.write(&out, &[at], &accs)?;
        self.close();
        if listing.is_some() || !teams.group_long {
            self.close();
            self.leave_and_split(teams, &stop, tickets.as_ref(), (&l, &step, &ticket), (&offsets, &count_c, &n))?;
            return Ok(Val::Array(Self::out_view(&out)));
        }
        // The long segments of this step, each by the whole group.
        let (i, n_long) = (self.fresh("i"), self.fresh("n_long"));
        self.line(format!("const int {n_long} = {long_teams}[{counter}];"));
        // A narrow team's lane 0 may still read its half, which the
        // group's tree writes.
        self.line(format!("if ({n_long} > 0) barrier(CLK_LOCAL_MEM_FENCE);"));
        self.open(format!("for (int {i} = 0; {i} < {n_long}; {i}++)"));
        let (s2, offset2, length2) = (self.fresh("s"), self.fresh("offset"), self.fresh("length"));
        self.line(format!("const long {s2} = {first} + {long_teams}[{i}];"));
        self.line(format!("const long {offset2} = {offsets}[{s2}];"));
        self.line(format!("const long {length2} = ({s2} + 1 < {count_c} ? {offsets}[{s2} + 1] : {n}) - {offset2};"));
        let value = self.group_run(&red, (&offset2, &length2), (&l, group), teams.long.as_ref())?;
        self.open(format!("if ({l} == 0)"));
        let at = ArithExpr::var(&Var::new(s2.clone(), Range::below(count.clone())));
        self.write(&out, &[at], &value)?;
        self.close();
        self.close();
        self.close();
        self.leave_and_split(teams, &stop, tickets.as_ref(), (&l, &step, &ticket), (&offsets, &count_c, &n))?;
        Ok(Val::Array(Self::out_view(&out)))
    }

    /// After the loop: the group's failing ticket
    /// ([`Generator::leave_team_tickets`]) and the merge's splits where it
    /// stopped on the flag ([`Generator::splits_where_given_up`]), whose
    /// last warp then takes the ticket while the others search.
    fn leave_and_split(
        &mut self,
        teams: &Teams,
        stop: &Option<(String, String, String)>,
        tickets: Option<&Tickets>,
        (l, step, ticket): (&str, &str, &str),
        ends: (&str, &str, &str),
    ) -> Result<(), CodegenError> {
        let splits = teams.gives_up.as_ref().is_some_and(|g| g.splits.is_some()) && stop.is_some();
        match tickets {
            Some(tk) if splits && teams.group_size > WARP => {
                self.splits_where_given_up(teams, stop, (l, step), ends, Some((tk, ticket)))
            }
            _ => {
                self.leave_team_tickets(tickets, &format!("{l} == 0"), ticket);
                self.splits_where_given_up(teams, stop, (l, step), ends, None)
            }
        }
    }

    /// After the loop, a group that stopped on the flag (its slot of the
    /// step it stopped at, or would have taken next, is set: the same for
    /// the whole group) takes chunks of the merge's splits by ticket
    /// (`atomic_add` of 2 to the flag, whose old value halved is the chunk:
    /// the flag stays nonzero) until none is left, a work-item a split:
    /// each the search of the thunk of the teams' splits
    /// (`split_within_thunk`) in the bracket that the group's samples of
    /// the offsets give it (note [splits where teams give up] in
    /// `lift_ir::seg_reduce`). With `leave`, the group's last warp takes
    /// no split but the group's failing ticket, in its first round.
    fn splits_where_given_up(
        &mut self,
        teams: &Teams,
        stop: &Option<(String, String, String)>,
        (l, step): (&str, &str),
        (offsets, count, n): (&str, &str, &str),
        leave: Option<(&Tickets, &str)>,
    ) -> Result<(), CodegenError> {
        let (Some(g), Some((flag, _, stopped))) = (&teams.gives_up, stop) else { return Ok(()) };
        let Some(sp) = &g.splits else { return Ok(()) };
        self.need(KernelArg::Array { var: sp.splits, written: true });
        let splits = self.kvar(sp.splits);
        let tiles = self.c(&sp.tiles);
        let count = format!("({count})");
        let group = teams.group_size;
        let width = if leave.is_some() { group - WARP } else { group };
        let [chunk_at, sampled, i, chunk, t, d, q, x, y, lo, hi] =
            ["chunk_at", "sampled", "i", "chunk", "t", "d", "q", "x", "y", "lo", "hi"].map(|v| self.fresh(v));
        self.local_decls.push(format!("__local long {chunk_at}[2];"));
        self.local_decls.push(format!("__local long {sampled}[{group}];"));
        // Sample `j` of `g(r) = end(r) + r` (segment `r` ends at
        // `offsets[r + 1]`, the last at `n`) is at row `q(j) = ⌊(j + 1)·S
        // / L⌋ - 1`.
        let row = |j: &str| format!("(({j}) + 1) * {count} / {group} - 1");
        self.open(format!("if ({stopped}[{step} % 3] != 0)"));
        self.open(format!("for (int {i} = 0;; {i}++)"));
        self.line(format!("if ({l} == 0) {chunk_at}[{i} & 1] = (long)(atomic_add(&{flag}[0], 2) >> 1);"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(format!("const long {chunk} = {chunk_at}[{i} & 1];"));
        if let Some((tk, ticket)) = leave {
            self.open(format!("if ({i} == 0)"));
            self.leave_team_tickets(Some(tk), &format!("{l} == {width}"), ticket);
            self.close();
        }
        self.line(format!("if ({chunk} * {width} > {tiles}) break;"));
        self.line(format!("const long {t} = {chunk} * {width} + {l};"));
        self.line(format!("const long {d} = min({t} * {}, (long)({count} + {n}));", sp.tile));
        self.line(format!("const long {q} = {};", row(l)));
        self.line(format!("{sampled}[{l}] = ({q} + 1 < {count} ? {offsets}[{q} + 1] : {n}) + {q};"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // The first sample at or above the diagonal: the split lies after
        // the sample before it and at or before this one.
        self.line(format!("int {x} = 0, {y} = {group};"));
        self.lower_bound("int", (&x, &y), |m| format!("{sampled}[{m}] < {d}"));
        self.line(format!("const long {lo} = {x} > 0 ? {} + 1 : 0;", row(&format!("{x} - 1"))));
        self.line(format!("const long {hi} = {x} < {group} ? {} : {count};", row(&x)));
        self.open(format!("if ({l} < {width} && {t} <= {tiles})"));
        let split = self.call(sp.split, vec![t.clone(), lo.clone(), hi.clone()])?;
        let [split] = &split[..] else { return internal("a split of other than one int") };
        self.line(format!("{splits}[{t}] = {split};"));
        self.close();
        self.close();
        self.close();
        Ok(())
    }

    /// Work-item 0 takes the group's next ticket into `slots[slot]`: its
    /// step, or -1 once none is left. The group that takes the launch's
    /// last ticket gives back the steps' tickets, so that the arena's
    /// ticket word ends one a group past the host's base (note [teams take
    /// tickets] in `lift_ir::seg_reduce`).
    fn take_team_ticket(&mut self, tk: &Tickets, slot: &str) {
        let raw = self.fresh("raw");
        let arena = &tk.arena;
        self.line(format!("const uint {raw} = {};", super::arena_ticket(arena)));
        self.publish_team_ticket(tk, slot, &raw);
    }

    /// The second half of [`Generator::take_team_ticket`], for ticket
    /// `raw` (less the base) taken earlier.
    fn publish_team_ticket(&mut self, tk: &Tickets, slot: &str, raw: &str) {
        let Tickets { arena, slots, steps, .. } = tk;
        self.line(super::give_back_tickets(arena, raw, steps));
        self.line(format!("{slots}[{slot}] = (long){raw} < {steps} ? (long){raw} : -1;"));
    }

    /// After the loop of a group that stopped on the flag with a step in
    /// hand (`ticket` not -1): the work-item `who` (a condition) moves the
    /// ticket word past the last step (compare-and-swap, never backwards)
    /// and takes the one ticket that fails, as every group does once.
    fn leave_team_tickets(&mut self, tickets: Option<&Tickets>, who: &str, ticket: &str) {
        let Some(tk) = tickets else { return };
        let [w, old] = ["w", "old"].map(|x| self.fresh(x));
        let Tickets { arena, steps, .. } = tk;
        let base = super::lookback_base(arena);
        self.open(format!("if ({who} && {ticket} >= 0)"));
        self.line(format!("volatile __global uint* {w}_at = (volatile __global uint*){arena};"));
        self.line(format!("uint {w} = {w}_at[0];"));
        self.open(format!("while ((long)({w} - {base}) < {steps})"));
        self.line(format!("const uint {old} = atomic_cmpxchg({w}_at, {w}, {base} + (uint){steps});"));
        self.line(format!("if ({old} == {w}) break;"));
        self.line(format!("{w} = {old};"));
        self.close();
        self.take_team_ticket(tk, "0");
        self.close();
    }

    /// The serving stage of `segReduce-binned`: work-group `g` takes the
    /// listed segments `g, g + G, ...` below the list's count (read on
    /// the device, the same for the whole group, so every work-item meets
    /// every barrier), each reduced by the whole group
    /// ([`Generator::group_run`], with the chunks' partials where it
    /// spans two chunks) and written by work-item 0. Where nothing is
    /// listed every group returns at once.
    fn serve_long_list(
        &mut self,
        red: &Reduction<'_>,
        list: &LongList,
        (out, offsets, lengths, count): (&Out, &str, &str, &ArithExpr),
    ) -> Result<Val, CodegenError> {
        self.need(KernelArg::Array { var: list.counter, written: false });
        self.need(KernelArg::Array { var: list.ids, written: false });
        let (listed, ids) = (self.kvar(list.counter), self.kvar(list.ids));
        let count_c = self.c(count);
        let group = list.group_size;
        let [l, n, total, i, s, offset, length] =
            ["l", "n", "total", "i", "s", "offset", "length"].map(|x| self.fresh(x));
        self.line(format!("const long {l} = get_local_id(0);"));
        self.line(format!("const long {n} = {count_c} > 0 ? {offsets}[{count_c} - 1] + {lengths}[{count_c} - 1] : 0;"));
        self.line(format!("const long {total} = {listed}[0];"));
        self.open(format!("for (long {i} = get_group_id(0); {i} < {total}; {i} += get_num_groups(0))"));
        self.line(format!("const long {s} = {ids}[{i}];"));
        self.line(format!("const long {offset} = {offsets}[{s}];"));
        self.line(format!("const long {length} = ({s} + 1 < {count_c} ? {offsets}[{s} + 1] : {n}) - {offset};"));
        let value = self.group_run(red, (&offset, &length), (&l, group), list.long.as_ref())?;
        self.open(format!("if ({l} == 0)"));
        let at = ArithExpr::var(&Var::new(s.clone(), Range::below(count.clone())));
        self.write(out, &[at], &value)?;
        self.close();
        self.close();
        Ok(Val::Array(Self::out_view(out)))
    }

    /// The tree of [`Generator::tree`] over a team's `accs` (lane `lane`
    /// of `width`, at most a warp) by warp shuffles (note [warp teams] in
    /// `lift_ir::seg_reduce`): lane `j` takes lane `j + h`'s values where
    /// `j` is a multiple of `2h`, and every lane shuffles, so that the
    /// warp's 32 work-items meet each `shfl.sync` (`clamp` keeps a lane's
    /// source in its team). Lane 0 ends with the team's value.
    fn warp_tree(
        &mut self,
        red: &Reduction<'_>,
        accs: &[String],
        lane: &str,
        width: &str,
        clamp: &str,
    ) -> Result<(), CodegenError> {
        let h = self.fresh("h");
        self.open(format!("for (int {h} = 1; {h} < {width}; {h} *= 2)"));
        let others = self.warp_shuffle(&red.comps, accs, "other", &|out, x| {
            format!(
                "asm volatile(\"shfl.sync.down.b32 %0, %1, %2, %3, 0xffffffff;\" : \"=r\"({out}) : \"r\"({x}), \"r\"({h}), \"r\"({clamp}));"
            )
        });
        self.open(format!("if (({lane} & (2 * {h} - 1)) == 0)"));
        self.fold_value(red, accs, others)?;
        self.close();
        self.close();
        Ok(())
    }

    /// The values `values` (of `comps`) as the 32-bit shuffle `shfl(out,
    /// x)` (a line of inline PTX) moves them across the warp: a 32-bit
    /// component in one shuffle, a 64-bit one in two; the results in new
    /// variables named after `base`.
    pub(super) fn warp_shuffle(
        &mut self,
        comps: &[flatten::ir::Scalar],
        values: &[String],
        base: &str,
        shfl: &dyn Fn(&str, &str) -> String,
    ) -> Vec<String> {
        let mut out = Vec::with_capacity(values.len());
        for (v, ty) in values.iter().zip(comps) {
            let t = c_type(*ty);
            let other = self.fresh(base);
            if t == "int" {
                self.line(format!("int {other};"));
                self.line(shfl(&other, v));
            } else {
                let (w, lo, hi) = (self.fresh("w"), self.fresh("lo"), self.fresh("hi"));
                self.line(format!("const int2 {w} = as_int2({v});"));
                self.line(format!("int {lo}, {hi};"));
                self.line(shfl(&lo, &format!("{w}.x")));
                self.line(shfl(&hi, &format!("{w}.y")));
                self.line(format!("{t} {other} = as_{t}((int2)({lo}, {hi}));"));
            }
            out.push(other);
        }
        out
    }

    /// The tree of [`Generator::tree`] over the `width` values at `at`,
    /// `at + 1`, ... of the local arrays, in the same order, by the one
    /// work-item that runs it (a team's lane 0): no barrier between its
    /// steps.
    fn serial_tree(&mut self, red: &Reduction<'_>, at: &str, width: &str) -> Result<(), CodegenError> {
        let (h, j) = (self.fresh("h"), self.fresh("j"));
        self.open(format!("for (long {h} = 1; {h} < {width}; {h} *= 2)"));
        self.open(format!("for (long {j} = 0; {j} < {width}; {j} += 2 * {h})"));
        self.combine_in_tree(red, &format!("{at} + {j}"), &format!("{at} + {j} + {h}"))?;
        self.close();
        self.close();
        Ok(())
    }
}

/// A warp's work-items (on NVIDIA; elsewhere only a part of the group).
const WARP: i64 = 32;

/// The C names of a ticketed teams' stage: the arena (its ticket base is
/// `lookback_base` of it), the group's two local slots of its next step,
/// and the step count (a third slot).
struct Tickets {
    arena: String,
    slots: String,
    steps: String,
}

/// The condition of the C that only NVIDIA's OpenCL C compiler takes (it
/// defines `__NV_CL_C_VERSION`; inline PTX).
pub(super) const NV_ONLY: &str = "#ifdef __NV_CL_C_VERSION";

/// `to = from` of the warp's lane 0, for every lane of the warp.
fn warp_broadcast(to: &str, from: &str) -> String {
    format!("asm volatile(\"shfl.sync.idx.b32 %0, %1, 0, 31, 0xffffffff;\" : \"=r\"({to}) : \"r\"({from}));")
}
