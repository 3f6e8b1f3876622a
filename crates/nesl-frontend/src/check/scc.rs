//! Strongly connected components (Tarjan), without recursion so that a
//! chain of thousands of functions cannot overflow the stack.
//!
//! Used for the order of inference (a recursive group of functions is
//! inferred together and generalised at once), for recursive datatypes, and
//! for [`crate::tast::Function::is_recursive`].

/// The strongly connected components of the graph whose node `i` has edges
/// to `successors[i]`. Every component comes after all the components it
/// has edges to ("callees first"); nodes within a component are in
/// increasing order. Edges to nodes out of range are ignored.
pub(crate) fn strongly_connected_components(successors: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const UNVISITED: usize = usize::MAX;
    let n = successors.len();
    let mut index = vec![UNVISITED; n];
    let mut lowlink = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut components = Vec::new();
    let mut next_index = 0;
    // The explicit call stack: (node, position in its successor list).
    let mut frames: Vec<(usize, usize)> = Vec::new();

    for root in 0..n {
        if index[root] != UNVISITED {
            continue;
        }
        frames.push((root, 0));
        index[root] = next_index;
        lowlink[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;

        while let Some(frame) = frames.last_mut() {
            let node = frame.0;
            if let Some(&next) = successors[node].get(frame.1) {
                frame.1 += 1;
                if next >= n {
                    continue;
                }
                if index[next] == UNVISITED {
                    index[next] = next_index;
                    lowlink[next] = next_index;
                    next_index += 1;
                    stack.push(next);
                    on_stack[next] = true;
                    frames.push((next, 0));
                } else if on_stack[next] {
                    lowlink[node] = lowlink[node].min(index[next]);
                }
                continue;
            }
            // Every successor of `node` is done.
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                lowlink[parent] = lowlink[parent].min(lowlink[node]);
            }
            if lowlink[node] == index[node] {
                let mut component = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component.push(member);
                    if member == node {
                        break;
                    }
                }
                component.sort_unstable();
                components.push(component);
            }
        }
    }
    components
}

/// Whether the component is a cycle: more than one node, or one node with
/// an edge to itself.
pub(crate) fn is_cyclic(component: &[usize], successors: &[Vec<usize>]) -> bool {
    match component {
        [single] => successors[*single].contains(single),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_come_callees_first() {
        // 0 -> 1 -> 2 -> 1, 2 -> 3, 4 alone with a self loop.
        let graph = vec![vec![1], vec![2], vec![1, 3], vec![], vec![4]];
        let sccs = strongly_connected_components(&graph);
        assert_eq!(sccs, vec![vec![3], vec![1, 2], vec![0], vec![4]]);
        assert!(is_cyclic(&[1, 2], &graph));
        assert!(!is_cyclic(&[0], &graph));
        assert!(is_cyclic(&[4], &graph));
    }

    #[test]
    fn a_long_chain_does_not_overflow() {
        let n = 200_000;
        let graph: Vec<Vec<usize>> = (0..n).map(|i| if i + 1 < n { vec![i + 1] } else { vec![] }).collect();
        let sccs = strongly_connected_components(&graph);
        assert_eq!(sccs.len(), n);
        assert_eq!(sccs[0], vec![n - 1]);
    }
}
