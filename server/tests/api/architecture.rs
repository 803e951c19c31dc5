//! The server's modules form layers: no module (file) imports another that imports it back,
//! directly or around a loop, and no top-level module (a feature, `http`, `state`, `ops`) reaches
//! one that reaches it back, so the shared state holds infrastructure only. Read from the sources: every
//! `crate::` and `super::` path outside comments and test modules, and the child modules a module
//! names by themselves. The crate's exported macros belong to their file (`dispatch!` and
//! `text_column!` to `db`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// What the shared state may be built from: the infrastructure, never a feature.
const INFRASTRUCTURE: [&str; 9] = ["allocator", "config", "db", "http", "hub", "mail", "secrets", "storage", "vapid"];

#[test]
fn no_module_imports_itself_around_a_loop() {
    let graph = module_graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(graph.len() > 30, "the sources were read: {graph:?}");
    assert!(graph["jobs::handlers"].contains("jobs::repo"), "references are found: {:?}", graph["jobs::handlers"]);
    assert_eq!(cycles(&graph), Vec::<Vec<String>>::new());
}

/// The top-level modules (a feature, `http`, `state`, `ops`, the crate root) form layers too: the
/// infrastructure below the shared state, the state below the features, the features below what
/// assembles them (`app`, `routes`, `front`, `ops`, the crate root).
#[test]
fn no_top_level_module_reaches_one_that_reaches_it_back() {
    let top = top_level(&module_graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src")));
    assert!(top["jobs"].contains("accounts") && top["crate"].contains("app"), "{top:?}");
    assert_eq!(cycles(&top), Vec::<Vec<String>>::new(), "{top:?}");
}

/// The shared state holds infrastructure only, so every feature may depend on it.
#[test]
fn the_shared_state_is_built_from_infrastructure_only() {
    let top = top_level(&module_graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src")));
    let beyond: Vec<&String> = top["state"].iter().filter(|to| !INFRASTRUCTURE.contains(&to.as_str())).collect();
    assert_eq!(beyond, Vec::<&String>::new());
    for part in INFRASTRUCTURE {
        let reaches: Vec<&String> =
            top.get(part).into_iter().flatten().filter(|to| !INFRASTRUCTURE.contains(&to.as_str())).collect();
        assert_eq!(reaches, Vec::<&String>::new(), "{part} reaches beyond the infrastructure");
    }
}

/// SQL is written in the repositories: a module named `repo` (a `repo.rs`, or a `repo/` folder),
/// or `db`, which holds the engines' own statements (pragmas, migrations, checkpoints).
/// `ops::bench_data` writes the benchmarks' data set; it is built only for them and the tests.
#[test]
fn sql_is_written_only_in_repositories() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect_files(&src, &mut files);
    let mut outside: Vec<String> = files
        .iter()
        .filter(|file| {
            let relative = file.strip_prefix(&src).unwrap().with_extension("");
            let parts: Vec<String> = relative.iter().map(|part| part.to_string_lossy().into_owned()).collect();
            let allowed = parts.iter().any(|part| part == "repo") || parts == ["db"] || parts == ["ops", "bench_data"];
            !allowed && writes_sql(&std::fs::read_to_string(file).unwrap())
        })
        .map(|file| file.strip_prefix(&src).unwrap().display().to_string())
        .collect();
    outside.sort();
    assert_eq!(outside, Vec::<String>::new());
    assert!(writes_sql("fn a() { sqlx::query_as(SQL) }") && !writes_sql("// sqlx::query(SQL)"));
}

/// Whether `source` runs a statement of its own, outside comments and its test module.
fn writes_sql(source: &str) -> bool {
    let mut paths = BTreeSet::new();
    let code = references(source, &mut paths);
    ["sqlx::query", "sqlx::raw_sql", "QueryBuilder"].iter().any(|call| code.contains(call))
}

/// The module graph folded to top-level modules (`jobs::search::index` is `jobs`).
fn top_level(modules: &Graph) -> Graph {
    let top = |module: &str| module.split("::").next().unwrap_or_default().to_string();
    let mut graph = Graph::new();
    for (from, targets) in modules {
        let entry = graph.entry(top(from)).or_default();
        entry.extend(targets.iter().map(|to| top(to)).filter(|to| *to != top(from)));
    }
    graph
}

/// The check finds a loop when there is one.
#[test]
fn the_layer_check_finds_a_loop() {
    let graph: Graph = [("a", &["b"][..]), ("b", &["c"][..]), ("c", &["a"][..]), ("d", &["a"][..])]
        .into_iter()
        .map(|(from, to)| (from.to_string(), to.iter().map(|to| to.to_string()).collect()))
        .collect();
    assert_eq!(cycles(&graph), [["a", "b", "c"]]);
    let mut sources = BTreeSet::new();
    let code = references(
        "use crate::{a::{self, B}, c::d as e};\nuse super::f;\nfn g() { k::j(); crate::h::i(); } // crate::x",
        &mut sources,
    );
    assert_eq!(
        sources.into_iter().collect::<Vec<_>>(),
        ["crate::a", "crate::a::B", "crate::c::d", "crate::h::i", "super::f"]
    );
    assert!(mentions(&code, "k") && !mentions(&code, "h") && !mentions(&code, "x"));
}

/// Each module (by its path, `jobs::repo`; the crate root is `crate`) and the modules it names.
fn module_graph(src: &Path) -> Graph {
    let mut files = Vec::new();
    collect_files(src, &mut files);
    let module_of = |file: &Path| -> String {
        let relative = file.strip_prefix(src).unwrap().with_extension("");
        let mut parts: Vec<String> = relative.iter().map(|part| part.to_string_lossy().into_owned()).collect();
        if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
            parts.pop();
        }
        if parts.is_empty() { "crate".to_string() } else { parts.join("::") }
    };
    let modules: BTreeSet<String> = files.iter().map(|file| module_of(file)).collect();
    let mut graph = Graph::new();
    for file in &files {
        let module = module_of(file);
        if module == "main" {
            continue;
        }
        let source = std::fs::read_to_string(file).unwrap();
        let mut paths = BTreeSet::new();
        let code = references(&source, &mut paths);
        // A module names its own children without `crate::` (`handlers::all_jobs` in `jobs`).
        let children = modules.iter().filter(|name| match name.rsplit_once("::") {
            Some((parent, _)) => parent == module,
            None => module == "crate" && *name != "crate",
        });
        for child in children {
            let name = child.rsplit("::").next().unwrap_or(child);
            if mentions(&code, name) {
                paths.insert(format!("crate::{child}"));
            }
        }
        let mut targets = BTreeSet::new();
        for path in paths {
            let mut segments: Vec<&str> = path.split("::").collect();
            if segments[0] == "super" {
                let mut base: Vec<&str> = module.split("::").collect();
                // A `mod.rs` is its module; `super` from a file is its parent.
                let is_mod_rs = file.file_name().is_some_and(|name| name == "mod.rs");
                if !is_mod_rs {
                    base.pop();
                }
                segments = base.into_iter().chain(segments[1..].iter().copied()).collect();
            } else {
                segments.remove(0);
            }
            if matches!(segments.first(), Some(&("dispatch" | "text_column"))) {
                segments = vec!["db"];
            }
            let target = (1..=segments.len())
                .rev()
                .map(|length| segments[..length].join("::"))
                .find(|candidate| modules.contains(candidate))
                .unwrap_or_else(|| "crate".to_string());
            if target != module {
                targets.insert(target);
            }
        }
        graph.insert(module, targets);
    }
    graph
}

fn collect_files(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_files(&path, files);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
}

/// Whether `code` names `name::…` as a path of its own (not the tail of `other::name::…`).
fn mentions(code: &str, name: &str) -> bool {
    let needle = format!("{name}::");
    code.match_indices(&needle).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    })
}

/// Every `crate::…` and `super::…` path in `source` (use trees expanded), outside `//` comments
/// and the `#[cfg(test)]` module at the end of a file; returns the code it read.
fn references(source: &str, paths: &mut BTreeSet<String>) -> String {
    let code = source.split("#[cfg(test)]\nmod tests").next().unwrap_or_default();
    let code: String =
        code.lines().map(|line| line.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n");
    for statement in code.split(';') {
        let statement = statement.trim();
        let tree = statement.strip_prefix("pub use ").or_else(|| statement.strip_prefix("use "));
        if let Some(tree) = tree.filter(|tree| tree.starts_with("crate::") || tree.starts_with("super::")) {
            expand("", &tree.replace(" as ", "@").split_whitespace().collect::<String>(), paths);
        }
    }
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        for (at, _) in code.match_indices(start) {
            let boundary =
                at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_' || bytes[at - 1] == b':');
            let path: String =
                code[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':').collect();
            if boundary && !path.ends_with("::") && !code[at + path.len()..].starts_with('{') {
                paths.insert(path);
            }
        }
    }
    code
}

/// `a::{b, c::{d}}` into `a::b`, `a::c::d`; `self` names the prefix.
fn expand(prefix: &str, tree: &str, paths: &mut BTreeSet<String>) {
    let join = |head: &str| if prefix.is_empty() { head.to_string() } else { format!("{prefix}::{head}") };
    match tree.find('{') {
        Some(open) if tree.ends_with('}') => {
            let head = join(tree[..open].trim_end_matches("::"));
            let inner = &tree[open + 1..tree.len() - 1];
            let mut depth = 0;
            let mut from = 0;
            for (at, c) in inner.char_indices().chain([(inner.len(), ',')]) {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        let part = inner[from..at].trim();
                        if part == "self" {
                            paths.insert(head.clone());
                        } else if !part.is_empty() {
                            expand(&head, part, paths);
                        }
                        from = at + 1;
                    }
                    _ => {}
                }
            }
        }
        _ => {
            paths.insert(join(tree.split('@').next().unwrap_or(tree)));
        }
    }
}

/// The strongly connected groups of more than one node (Tarjan), each sorted.
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a str) {
            let next = self.index.len();
            self.index.insert(node, next);
            self.low.insert(node, next);
            self.stack.push(node);
            for target in self.graph.get(node).into_iter().flatten() {
                let target = target.as_str();
                if !self.index.contains_key(target) {
                    self.visit(target);
                    let low = self.low[node].min(self.low[target]);
                    self.low.insert(node, low);
                } else if self.stack.contains(&target) {
                    let low = self.low[node].min(self.index[target]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut group = Vec::new();
                while let Some(member) = self.stack.pop() {
                    group.push(member.to_string());
                    if member == node {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk { graph, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for node in graph.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.found
}
