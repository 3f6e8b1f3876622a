//! `segReduce-by-shape`'s teams that take their steps by ticket (note
//! [teams take tickets] in `lift_ir::seg_reduce`) and write the merge's
//! splits where they give up (note [splits where teams give up]), run on
//! PoCL against the
//! flat-IR evaluator: with one, two and three groups (`seg_guarded_groups`),
//! and striding (the knob),
//! so that each group takes many steps, on rows the teams finish and on
//! rows where they give up (a group stopping with steps left moves the
//! ticket word on); and the session's look-back arena after them, whose
//! ticket base is right only if every launch took one ticket a group.

use crate::support;

use crate::support::agrees_with;

fn teams_cfg(groups: i64, tickets: bool) -> lift_ir::rules::Config {
    lift_ir::rules::Config {
        seg_guarded_groups: groups,
        seg_team_tickets: tickets,
        ..lift_ir::rules::Config::default()
    }
}

const SMVM: &str = "function smvm(m, v) = {sum({x * v[i] : (i, x) in row}) : row in m};\n";

/// Two SpMVs (by `smvm`, [`SMVM`]) over `rows` rows of `lengths` (a NESL
/// expression of `r`), then an exclusive scan of 70000 elements and a
/// filter (look-back launches of the arena, after the teams'): the `let`;
/// values multiples of 1/4, so every sum is exact in any order.
fn program(rows: i64, lengths: &str) -> String {
    format!(
        "let m = {{{{(rem(r * 7 + k * 13, 1000), 0.25 * float(rem(k + r, 5))) : k in index({lengths})}} : r in index({rows})}};\n    v = {{1.0 + 0.5 * float(rem(i, 7)) : i in index(1000)}};\n    y = smvm(m, v);\n    z = smvm(m, {{2.0 * x : x in v}});\n    s = plus_scan({{rem(i * 31, 17) : i in index(70000)}});\n    kept = {{x : x in s | rem(x, 3) == 1}}\nin (sum(y), y[0], y[{last}], sum(z), z[{mid}], s[69999], #kept, kept[#kept - 1])",
        last = rows - 1,
        mid = rows / 2,
    )
}

/// [`program`] on every row shape of `shapes` in turn: a function
/// `shaped(sh)` of rows of `shapes[sh]`, called for each. One program, so
/// PoCL builds its kernels once for all the shapes (with a program a
/// shape, these tests took 15 s of CPU with a cold PoCL cache, 6 s now);
/// each launch takes its sizes (and the teams their tickets) from its own
/// rows, on the host, as before.
fn program_of_shapes(rows: i64, shapes: &[&str]) -> String {
    let mut lengths = format!("({})", shapes[shapes.len() - 1]);
    for (sh, shape) in shapes.iter().enumerate().rev().skip(1) {
        lengths = format!("if sh == {sh} then ({shape}) else {lengths}");
    }
    let calls: String = (0..shapes.len()).map(|sh| format!("shaped({sh});\n")).collect();
    format!("{SMVM}function shaped(sh) = {};\n{calls}", program(rows, &lengths))
}

/// Rows the teams finish (short and even-ish: teams of one or two lanes,
/// a dozen steps or more for 3000 rows), and power-law rows, on which the
/// teams give up and merge writes every row.
const SHAPES: [&str; 3] = ["rem(r * 7, 9)", "4 + rem(r, 3)", "4096 / (1 + rem(r * 1299709 + 12345, 4096))"];

#[test]
fn teams_taking_tickets_agree_with_the_evaluator_with_few_groups() {
    support::own_process!();
    // Striding groups too, as the knob leaves them.
    for (groups, tickets) in [(1, true), (2, true), (3, true), (2, false)] {
        let out = agrees_with(&program_of_shapes(3000, &SHAPES), &teams_cfg(groups, tickets));
        assert!(!out.contains("fault"), "{groups} groups, tickets {tickets}: {out}");
    }
}

#[test]
fn the_groups_knob_caps_the_ticketed_teams_launch() {
    // The test above takes many steps a group only if the cap reaches
    // the plan: the teams' stages that give up name the arena and have at
    // most `seg_guarded_groups` groups.
    let source = format!("{SMVM}{};", program(3000, SHAPES[0]));
    let (_, flat) = support::flat_program(&source, fusion::ScheduleKind::ilp()).unwrap();
    let compiled = opencl_backend::compile_program_with(&flat, &teams_cfg(2, true)).unwrap();
    assert!(compiled.lift_low.contains("tickets = sum_team_tickets"), "{}", compiled.lift_low);
    // Such teams write the merge's splits where they give up: no stage of
    // their own; striding teams leave them to one.
    assert!(compiled.lift_low.contains("splits = (sum_splits, tiles of 1024, merge_tiles)"), "{}", compiled.lift_low);
    assert!(!compiled.lift_low.contains("_splits when"), "{}", compiled.lift_low);
    let striding = opencl_backend::compile_program_with(&flat, &teams_cfg(2, false)).unwrap();
    assert!(!striding.lift_low.contains("tickets = "), "{}", striding.lift_low);
    assert!(striding.lift_low.contains("_splits when"), "{}", striding.lift_low);
    assert!(compiled.lift_low.contains("16382 * whole_group + 2)"), "{}", compiled.lift_low);
    let source = compiled.opencl();
    assert!(source.contains("atomic_cmpxchg"), "the stopping groups' move of the ticket word is missing");
}
