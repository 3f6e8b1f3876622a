//! The program-dependence graphs of a fusion, with the chosen clusters, in
//! Graphviz DOT (`nessie schedules --dot FILE`).
//!
//! One `subgraph cluster_rK` per control region, labelled with its place;
//! inside it one `subgraph cluster_rK_cJ` per cluster of more than one run,
//! labelled with the kernel it became. Nodes show the kernel's name and
//! SOACs. Fusible edges are solid and labelled with their rules,
//! fusion-preventing edges dashed and red, horizontal candidates dotted
//! and undirected.

use std::fmt::Write;

use crate::candidates::CandidateKind;
use crate::pdg::EdgeKind;
use crate::report::FusionReport;

/// The report's regions as one DOT digraph.
pub fn to_dot(report: &FusionReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "digraph fusion {{");
    let _ = writeln!(out, "  label=\"fusion schedule: {}\";", escape(report.schedule));
    let _ = writeln!(out, "  labelloc=t;");
    let _ = writeln!(out, "  compound=true;");
    let _ = writeln!(out, "  node [shape=box, fontname=\"monospace\"];");
    for (r, region) in report.regions.iter().enumerate() {
        let node = |n: usize| format!("r{r}_n{n}");
        let _ = writeln!(out, "  subgraph cluster_r{r} {{");
        let _ = writeln!(out, "    label=\"{}\";", escape(&region.place()));
        let _ = writeln!(out, "    style=rounded; color=gray40;");
        for (c, cluster) in region.schedule.clusters.iter().enumerate() {
            let indent = if cluster.len() > 1 { "      " } else { "    " };
            if cluster.len() > 1 {
                let kernel = region.cluster_kernels.get(c).map(String::as_str).unwrap_or("");
                let _ = writeln!(out, "    subgraph cluster_r{r}_c{c} {{");
                let _ = writeln!(out, "      label=\"{}\";", escape(kernel));
                let _ = writeln!(out, "      style=filled; fillcolor=lightyellow; color=goldenrod;");
            }
            for &n in cluster {
                let pdg_node = &region.pdg.nodes[n];
                let label = format!("{}\\n{}", escape(&pdg_node.kernel_name), pdg_node.soacs.join(" "));
                let _ = writeln!(out, "{indent}{} [label=\"{label}\"];", node(n));
            }
            if cluster.len() > 1 {
                let _ = writeln!(out, "    }}");
            }
        }
        let _ = writeln!(out, "  }}");
        for edge in &region.pdg.edges {
            let attributes = match &edge.kind {
                EdgeKind::Fusible { rules } => format!("label=\"{}\"", escape(&rules.join(", "))),
                EdgeKind::Preventing { reason } => {
                    format!(
                        "style=dashed, color=red, fontcolor=red, label=\"preventing\", tooltip=\"{}\"",
                        escape(reason)
                    )
                }
            };
            let _ = writeln!(out, "  {} -> {} [{attributes}];", node(edge.from), node(edge.to));
        }
        for candidate in &region.candidates {
            if candidate.kind == CandidateKind::Horizontal {
                let _ = writeln!(
                    out,
                    "  {} -> {} [dir=none, style=dotted, color=gray50, constraint=false];",
                    node(candidate.first),
                    node(candidate.second)
                );
            }
        }
    }
    out.push_str("}\n");
    out
}

/// Escapes a label for a DOT string.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}
