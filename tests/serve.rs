//! `nessie serve`: runs through a server print what local runs print.
//!
//! One test starts a server on a socket in a temporary folder, on the
//! default OpenCL device (PoCL in CI), and runs programs through it and
//! locally: results, `print_string` output, a compile error (exit 1), runtime
//! faults (exit 3, the server serving on), `--stats` (its numbers of time
//! masked), a client of another environment or with no server (a local run,
//! or exit 4 with `--server`), bad clients, and the shutdown. Without OpenCL
//! the test says so and passes, unless `NESSIE_REQUIRE_OPENCL` is set.

use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// What a run of nessie printed, and its exit status.
#[derive(Debug, PartialEq)]
struct Printed {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs nessie from the workspace root, with the environment every run of
/// this test shares (the server's too) and `env` on top.
fn nessie(args: &[&str], env: &[(&str, &str)]) -> Printed {
    nessie_in(&root(), args, env)
}

/// [`nessie`] in the folder `dir`.
fn nessie_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Printed {
    let mut command = Command::new(env!("CARGO_BIN_EXE_nessie"));
    command
        .args(args)
        .current_dir(dir)
        .env_remove("NESSIE_DEVICE")
        .env_remove("NESSIE_SERVER")
        .env("NESSIE_CL_OPTIONS", "-cl-opt-disable")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    for (key, value) in env {
        command.env(key, value);
    }
    let output = command.output().expect("nessie starts");
    Printed {
        status: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// A server on a socket in a folder of its own, killed if the test fails.
struct Server {
    child: Child,
    dir: PathBuf,
    socket: PathBuf,
}

impl Server {
    fn start(name: &str) -> Server {
        let dir = std::env::temp_dir().join(format!("nessie-serve-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let socket = dir.join("nessie.sock");
        let child = Command::new(env!("CARGO_BIN_EXE_nessie"))
            .args(["serve", "--socket"])
            .arg(&socket)
            .current_dir(&dir)
            .env_remove("NESSIE_DEVICE")
            .env_remove("NESSIE_SERVER")
            .env("NESSIE_CL_OPTIONS", "-cl-opt-disable")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.join("server.stderr")).unwrap())
            .spawn()
            .expect("nessie serve starts");
        let mut server = Server { child, dir, socket };
        let started = Instant::now();
        while UnixStream::connect(&server.socket).is_err() {
            if let Ok(Some(status)) = server.child.try_wait() {
                panic!("nessie serve ended ({status}) before it served:\n{}", server.stderr());
            }
            assert!(started.elapsed() < Duration::from_secs(120), "nessie serve does not answer");
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    fn stderr(&self) -> String {
        std::fs::read_to_string(self.dir.join("server.stderr")).unwrap_or_default()
    }

    fn env(&self) -> (&'static str, &str) {
        ("NESSIE_SERVER", self.socket.to_str().unwrap())
    }

    /// Sends raw bytes as a client and returns what the server answers.
    fn raw(&self, bytes: &[u8]) -> Vec<u8> {
        let mut stream = UnixStream::connect(&self.socket).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let _ = stream.write_all(bytes);
        let _ = stream.shutdown(std::net::Shutdown::Write);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        answer
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `--stats` output without its measured times and its table of phases
/// (a server has the device open, and may have the program compiled and
/// built): what must be the same.
fn without_times(stderr: &str) -> String {
    stderr
        .lines()
        .take_while(|line| !line.starts_with("phase "))
        .map(|line| {
            line.split_whitespace()
                .filter(|word| *word != "ms" && !(word.contains('.') && word.parse::<f64>().is_ok()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn opencl_is_available() -> bool {
    match runtime::device::list_devices() {
        Ok(_) => true,
        Err(e) if std::env::var_os("NESSIE_REQUIRE_OPENCL").is_some() => panic!("OpenCL is unavailable: {e}"),
        Err(e) => {
            eprintln!("note: nessie serve is not tested: {e} (set NESSIE_REQUIRE_OPENCL=1 to make this a failure)");
            false
        }
    }
}

/// Programs whose output is deterministic: results, print_string, a
/// compile error, runtime faults (one after output), a type error.
const PROGRAMS: &[&str] = &[
    "tests/programs/strings/printing.nesl",
    "tests/programs/nested/irregular.nesl",
    "tests/programs/errors/syntax_missing_then.nesl",
    "tests/programs/errors/class_sum_bool.nesl",
    "tests/programs/errors/runtime_index_out_of_range.nesl",
    "tests/programs/errors/runtime_output_before_fault.nesl",
    "tests/programs/errors/runtime_fault_in_recursion.nesl",
    "tests/programs/recursion/quicksort.nesl",
];

#[test]
fn runs_through_a_server_print_what_local_runs_print() {
    if !opencl_is_available() {
        return;
    }
    for program in PROGRAMS {
        assert!(root().join(program).exists(), "{program} is missing");
    }
    let server = Server::start("runs");
    let served = server.env();
    let mut statuses = Vec::new();
    // Twice: the second time the server has the programs built.
    for round in 0..2 {
        for program in PROGRAMS {
            let local = nessie(&["run", program], &[]);
            let through = nessie(&["run", program, "--server"], &[served]);
            assert_eq!(through, local, "{program}, round {round}: through the server / locally");
            statuses.push(local.status);
        }
    }
    for status in [0, 1, 3] {
        assert!(statuses.contains(&Some(status)), "no program exits {status}: {statuses:?}");
    }
    let faulty = nessie(&["run", "tests/programs/errors/runtime_index_out_of_range.nesl", "--server"], &[served]);
    assert!(faulty.stderr.contains("tests/programs/errors/runtime_index_out_of_range.nesl:"), "{}", faulty.stderr);

    // --stats: the same table but for times; kernels, launches, bytes,
    // transfers, waits and peak memory are counted alike.
    for program in ["examples/sparse_mxv.nesl", "tests/programs/recursion/quicksort.nesl"] {
        let local = nessie(&["run", program, "--stats"], &[]);
        for round in 0..2 {
            let through = nessie(&["run", program, "--stats", "--server"], &[served]);
            assert_eq!(through.status, local.status, "{program}");
            assert_eq!(
                without_times(&through.stderr),
                without_times(&local.stderr),
                "{program}, round {round}: --stats through the server / locally"
            );
            assert!(through.stderr.contains("peak device memory"), "{}", through.stderr);
            if round == 1 {
                let kept = "compiling (kept from an earlier run of the same files)";
                assert!(through.stderr.contains(kept), "{}", through.stderr);
            }
        }
    }
    // A run without --stats after runs with it (the queue without profiling again).
    let program = "tests/programs/nested/irregular.nesl";
    assert_eq!(nessie(&["run", program, "--server"], &[served]), nessie(&["run", program], &[]));

    // The program runs in the client's folder: `load` and file I/O
    // resolve relative paths there.
    let folder = server.dir.join("client");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("lib.nesl"), "function twice(x) = 2 * x;\n").unwrap();
    let main = "load \"lib.nesl\";\nwrite_string_to_file(\"abc\", \"out.txt\");\n\
                read_string_from_file(\"out.txt\");\n{twice(x) : x in [1, 2, 3]};\n";
    std::fs::write(folder.join("main.nesl"), main).unwrap();
    let local = nessie_in(&folder, &["run", "main.nesl"], &[]);
    assert_eq!(local.status, Some(0), "{local:?}");
    std::fs::remove_file(folder.join("out.txt")).unwrap();
    assert_eq!(nessie_in(&folder, &["run", "main.nesl", "--server"], &[served]), local);
    assert!(folder.join("out.txt").exists() && !server.dir.join("out.txt").exists());
    // A loaded file that changed is compiled again.
    std::fs::write(folder.join("lib.nesl"), "function twice(x) = 3 * x;\n").unwrap();
    let changed = nessie_in(&folder, &["run", "main.nesl"], &[]);
    assert_ne!(changed.stdout, local.stdout);
    assert_eq!(nessie_in(&folder, &["run", "main.nesl", "--server"], &[served]), changed);
    // A launch trace is a local run's.
    let trace = folder.join("trace.tsv");
    let traced = [served, ("NESSIE_LAUNCH_TRACE", trace.to_str().unwrap())];
    let refused = nessie(&["run", program, "--server"], &traced);
    assert_eq!(refused.status, Some(4), "{refused:?}");
    assert_eq!(nessie(&["run", program], &traced), nessie(&["run", program], &[]));
    assert!(trace.exists());

    // Another environment: the server declines, the client runs the
    // program itself, or exits 4 with `--server`.
    let other = [served, ("NESSIE_SLABS", "0")];
    assert_eq!(nessie(&["run", program], &other), nessie(&["run", program], &[("NESSIE_SLABS", "0")]));
    let refused = nessie(&["run", program, "--server"], &other);
    assert_eq!(refused.status, Some(4), "{refused:?}");
    assert!(refused.stderr.contains("NESSIE_SLABS"), "{}", refused.stderr);
    assert!(refused.stdout.is_empty(), "{refused:?}");

    // Other backends run here.
    let interp = nessie(&["run", program, "--backend", "interp"], &[served]);
    assert_eq!(interp, nessie(&["run", program, "--backend", "interp"], &[]));

    // Bad clients: garbage, a frame too long, a request of another
    // version, an unknown tag, a client that leaves at once.
    let refused = |answer: Vec<u8>| answer.len() > 5 && answer[4] == b'N';
    assert!(refused(server.raw(b"hello")));
    assert!(refused(server.raw(&[0xff, 0xff, 0xff, 0xff, b'R'])));
    let request = br#"{"version": 999}"#;
    let mut frame = ((request.len() + 1) as u32).to_be_bytes().to_vec();
    frame.push(b'R');
    frame.extend_from_slice(request);
    assert!(refused(server.raw(&frame)));
    frame[4] = b'Q';
    assert!(refused(server.raw(&frame)));
    frame[4] = b'R';
    frame.truncate(frame.len() - 3);
    let _ = server.raw(&frame);
    drop(UnixStream::connect(&server.socket).unwrap());
    assert_eq!(nessie(&["run", program, "--server"], &[served]), nessie(&["run", program], &[]));

    // The stack a deep recursion touched is given back after its run
    // (note [a run's stack] in `src/serve`): 975 MB before. The next run's
    // answer comes once the server is done with the deep one.
    let deep = "tests/programs/errors/runtime_recursion_too_deep.nesl";
    let before = resident_bytes(server.child.id());
    assert_eq!(nessie(&["run", deep, "--server"], &[served]), nessie(&["run", deep], &[]));
    assert_eq!(nessie(&["run", program, "--server"], &[served]), nessie(&["run", program], &[]));
    let after = resident_bytes(server.child.id());
    assert!(after < before + (256 << 20), "the server grew from {before} to {after} bytes");

    // A second server on the same socket is refused.
    let second = nessie(&["serve", "--socket", server.socket.to_str().unwrap()], &[]);
    assert_eq!(second.status, Some(4), "{second:?}");
    assert!(second.stderr.contains("already answers"), "{}", second.stderr);

    // Nothing of the runs reached the server's own stderr.
    assert_eq!(server.stderr().lines().count(), 2, "{}", server.stderr());
    stop(server);
}

/// The resident size of process `pid`, from /proc.
fn resident_bytes(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc has the server");
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).expect("a resident size");
    let kb: u64 = line.split_whitespace().nth(1).and_then(|k| k.parse().ok()).expect("in kB");
    kb * 1024
}

/// `nessie serve --stop` ends the server, which removes its socket.
fn stop(mut server: Server) {
    let socket = server.socket.to_str().unwrap().to_string();
    let stopped = nessie(&["serve", "--stop", "--socket", &socket], &[]);
    assert_eq!(stopped.status, Some(0), "{stopped:?}");
    let status = server.child.wait().unwrap();
    assert!(status.success(), "{status}");
    assert!(!Path::new(&socket).exists());
    let again = nessie(&["serve", "--stop", "--socket", &socket], &[]);
    assert_eq!(again.status, Some(4), "{again:?}");
}

#[test]
fn without_a_server_a_run_is_local_or_exits_4_with_server() {
    let program = "tests/programs/nested/irregular.nesl";
    let missing = std::env::temp_dir().join(format!("nessie-serve-test-{}-none.sock", std::process::id()));
    let missing = ("NESSIE_SERVER", missing.to_str().unwrap());
    assert_eq!(nessie(&["run", program], &[missing]), nessie(&["run", program], &[]));
    let explicit = nessie(&["run", program, "--server"], &[missing]);
    assert_eq!(explicit.status, Some(4), "{explicit:?}");
    assert!(explicit.stderr.contains("no server answers"), "{}", explicit.stderr);
    assert!(explicit.stdout.is_empty());
}
