//! The on-disk cache of built program binaries.
//!
//! Building OpenCL C is slow: NVIDIA's compiler takes seconds for the
//! kernels of one program on a fresh machine, and every `nessie run` builds
//! every kernel before `main` starts. So a program, once built, is saved as
//! the driver's binary (`CL_PROGRAM_BINARIES`), and the next build of the
//! same source with the same options for the same device and driver loads
//! it (`clCreateProgramWithBinary`, then `clBuildProgram`, which for a
//! binary only links or finalises it).
//!
//! ## Where
//! `$NESSIE_CACHE_DIR` if set, else `$XDG_CACHE_HOME/nessie`, else
//! `$HOME/.cache/nessie`. `NESSIE_CACHE_DIR=off` (also `0`, `false`,
//! `none`, or empty) turns the cache off. Each program is one file
//! `<16 hex digits>.clbin` inside, named by a hash of its [`CacheKey`].
//!
//! Unless `NESSIE_CACHE_DIR` names a folder, CPU devices get no cache
//! ([`BinaryCache::from_env`]): PoCL compiles each kernel lazily, at its
//! first launch with a given work-group size, and keeps its own cache, so
//! asking it for a program's binary makes it compile every kernel up front
//! as well. With both caches empty, quickhull's first run on PoCL took
//! 156 s with this cache and 81 s without (on a loaded machine); its
//! binaries load fast once written (1.0 s a run against 3.2–3.7 s from
//! PoCL's own cache), so an explicit folder pays off on repeated runs.
//!
//! ## What an entry holds, and why it is trusted
//! The file holds a magic line, the whole key (nessie's version, the
//! platform and its version, the device and its OpenCL and driver versions,
//! the build options and the source), the binary, and an FNV-1a checksum
//! of all that. An entry is used only when its key equals the wanted key
//! byte for byte and the checksum holds: a hash collision, a truncated or
//! corrupted file, an entry of another driver, all read as a miss, and the
//! program is built from source and the entry written again. A binary the
//! driver then refuses is a miss too (`super::program::build`).
//!
//! The file name is only an index, so it needs a hash that is stable
//! across runs and Rust versions, not a strong one: FNV-1a (64 bits), a
//! fixed, published function written out below. (`DefaultHasher` is not
//! guaranteed stable across Rust versions; a crate such as `sha2` or
//! `blake3` was not used because none could be fetched here, and the key
//! check makes collisions harmless anyway.)
//!
//! ## Failures
//! Nothing about the cache is ever an error: an unreadable entry is a
//! miss, and a failed write (read-only folder, full disk) leaves no entry.
//! Writes go to a temporary file in the same folder that is then renamed
//! over the entry, so a reader never sees half an entry, and two nessies
//! writing the same entry leave one of the two whole.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::device::{DeviceInfo, DeviceKind};

/// The environment variable naming the cache folder, or `off`.
pub const CACHE_DIR_VARIABLE: &str = "NESSIE_CACHE_DIR";

/// The first bytes of every entry; the digit is the format's version.
const MAGIC: &[u8] = b"nessie OpenCL program binary, format 1\n";

/// Where built binaries are kept, or nowhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinaryCache {
    dir: Option<PathBuf>,
}

impl BinaryCache {
    /// The cache the environment asks for on `device` (see the file
    /// essay): `NESSIE_CACHE_DIR` if set, else the user's cache folder,
    /// except on CPU devices.
    pub fn from_env(device: &DeviceInfo) -> BinaryCache {
        let variable = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
        let dir = match std::env::var(CACHE_DIR_VARIABLE) {
            Ok(value) if is_off(&value) => None,
            Ok(value) => Some(PathBuf::from(value)),
            Err(_) if device.kind == DeviceKind::Cpu => None,
            Err(_) => variable("XDG_CACHE_HOME")
                .map(|cache| cache.join("nessie"))
                .or_else(|| variable("HOME").map(|home| home.join(".cache").join("nessie"))),
        };
        BinaryCache { dir }
    }

    /// A cache in `dir`.
    pub fn in_dir(dir: impl Into<PathBuf>) -> BinaryCache {
        BinaryCache { dir: Some(dir.into()) }
    }

    /// No cache: every build is from source.
    pub fn off() -> BinaryCache {
        BinaryCache { dir: None }
    }

    /// The folder, when the cache is on.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The file of the entry for `key`, when the cache is on.
    pub fn entry_path(&self, key: &CacheKey) -> Option<PathBuf> {
        self.dir.as_ref().map(|dir| dir.join(format!("{:016x}.clbin", key.hash())))
    }

    /// The binary saved for `key`, if a whole entry for exactly this key is
    /// there.
    pub fn load(&self, key: &CacheKey) -> Option<Vec<u8>> {
        let bytes = std::fs::read(self.entry_path(key)?).ok()?;
        decode_entry(&bytes, key.text.as_bytes())
    }

    /// Saves `binary` for `key`; a failure leaves no entry and says nothing.
    pub fn store(&self, key: &CacheKey, binary: &[u8]) {
        let Some(path) = self.entry_path(key) else { return };
        let _ = write_atomically(&path, &encode_entry(key.text.as_bytes(), binary));
    }
}

/// Whether a value of `NESSIE_CACHE_DIR` turns the cache off.
fn is_off(value: &str) -> bool {
    matches!(value.trim().to_ascii_lowercase().as_str(), "" | "off" | "0" | "false" | "none" | "no")
}

/// Everything a built binary depends on, as one text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheKey {
    text: String,
}

impl CacheKey {
    /// The key of `source` built with the complete `options` on `device`,
    /// whose driver reports `device_version` and `driver_version`.
    pub fn new(
        device: &DeviceInfo,
        device_version: &str,
        driver_version: &str,
        options: &str,
        source: &str,
    ) -> CacheKey {
        let text = format!(
            "nessie {}\nplatform {} | {} | {}\ndevice {} | {}\ndriver {}\noptions {}\nsource {} bytes\n{}",
            env!("CARGO_PKG_VERSION"),
            device.platform_name,
            device.platform_vendor,
            device.platform_version,
            device.name,
            device_version,
            driver_version,
            options,
            source.len(),
            source
        );
        CacheKey { text }
    }

    /// The FNV-1a hash of the key, which names its file.
    pub fn hash(&self) -> u64 {
        fnv1a(FNV_OFFSET_BASIS, self.text.as_bytes())
    }
}

const FNV_OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a over `bytes`, continuing from `state`.
fn fnv1a(mut state: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        state ^= u64::from(byte);
        state = state.wrapping_mul(FNV_PRIME);
    }
    state
}

/// `MAGIC`, the key's length and bytes, the binary's length and bytes, and
/// the checksum of everything before it (lengths and checksum as
/// little-endian u64).
fn encode_entry(key: &[u8], binary: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(MAGIC.len() + key.len() + binary.len() + 24);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&(key.len() as u64).to_le_bytes());
    bytes.extend_from_slice(key);
    bytes.extend_from_slice(&(binary.len() as u64).to_le_bytes());
    bytes.extend_from_slice(binary);
    let checksum = fnv1a(FNV_OFFSET_BASIS, &bytes);
    bytes.extend_from_slice(&checksum.to_le_bytes());
    bytes
}

/// The binary of an entry whose key is `key`, or `None` for anything else:
/// another key, another format, a truncated or corrupted file.
fn decode_entry(bytes: &[u8], key: &[u8]) -> Option<Vec<u8>> {
    let (body, checksum) = bytes.split_at_checked(bytes.len().checked_sub(8)?)?;
    if fnv1a(FNV_OFFSET_BASIS, body) != u64::from_le_bytes(checksum.try_into().ok()?) {
        return None;
    }
    let rest = body.strip_prefix(MAGIC)?;
    let (stored_key, rest) = take_counted(rest)?;
    if stored_key != key {
        return None;
    }
    let (binary, rest) = take_counted(rest)?;
    (rest.is_empty() && !binary.is_empty()).then(|| binary.to_vec())
}

/// A little-endian u64 length and that many bytes, and what follows.
fn take_counted(bytes: &[u8]) -> Option<(&[u8], &[u8])> {
    let (length, rest) = bytes.split_at_checked(8)?;
    let length = usize::try_from(u64::from_le_bytes(length.try_into().ok()?)).ok()?;
    rest.split_at_checked(length)
}

/// Writes `bytes` to a fresh temporary file beside `path` and renames it
/// over `path`; the temporary file is removed if anything fails.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().ok_or_else(|| std::io::Error::other("the entry has no folder"))?;
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("entry");
    let temporary = dir.join(format!(".{name}.{}.{}.tmp", std::process::id(), WRITES.fetch_add(1, Ordering::Relaxed)));
    let written = std::fs::File::create_new(&temporary)
        .and_then(|mut file| file.write_all(bytes).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_is_the_published_function() {
        // Test vectors of the FNV reference (Fowler, Noll, Vo).
        assert_eq!(fnv1a(FNV_OFFSET_BASIS, b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(FNV_OFFSET_BASIS, b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(FNV_OFFSET_BASIS, b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn an_entry_decodes_only_whole_and_for_its_own_key() {
        let entry = encode_entry(b"key", b"binary");
        assert_eq!(decode_entry(&entry, b"key").as_deref(), Some(&b"binary"[..]));
        assert_eq!(decode_entry(&entry, b"other key"), None);
        for cut in 0..entry.len() {
            assert_eq!(decode_entry(&entry[..cut], b"key"), None, "cut at {cut}");
        }
        for flipped in 0..entry.len() {
            let mut corrupted = entry.clone();
            corrupted[flipped] ^= 0x20;
            assert_eq!(decode_entry(&corrupted, b"key"), None, "byte {flipped} flipped");
        }
        assert_eq!(decode_entry(&encode_entry(b"key", b""), b"key"), None, "an empty binary is no binary");
    }

    fn device(name: &str) -> DeviceInfo {
        DeviceInfo {
            index: 0,
            platform_name: "Portable Computing Language".into(),
            platform_vendor: "The pocl project".into(),
            platform_version: "OpenCL 3.0 PoCL 6.0".into(),
            name: name.into(),
            kind: DeviceKind::Cpu,
            compute_units: 2,
            global_memory_bytes: 0,
            opencl_c_version: String::new(),
            has_fp64: true,
            nv_compute_capability: None,
            id: std::ptr::null_mut(),
        }
    }

    #[test]
    fn the_key_changes_with_source_options_device_and_driver() {
        let key = |device_name: &str, driver: &str, options: &str, source: &str| {
            CacheKey::new(&device(device_name), "OpenCL 3.0", driver, options, source)
        };
        let base = key("cpu", "6.0", "-cl-kernel-arg-info", "__kernel void f() {}");
        assert_eq!(base, key("cpu", "6.0", "-cl-kernel-arg-info", "__kernel void f() {}"));
        assert_eq!(base.hash(), key("cpu", "6.0", "-cl-kernel-arg-info", "__kernel void f() {}").hash());
        let others = [
            key("cpu", "6.0", "-cl-kernel-arg-info", "__kernel void g() {}"),
            key("cpu", "6.0", "-cl-mad-enable -cl-kernel-arg-info", "__kernel void f() {}"),
            key("gpu", "6.0", "-cl-kernel-arg-info", "__kernel void f() {}"),
            key("cpu", "6.1", "-cl-kernel-arg-info", "__kernel void f() {}"),
        ];
        for other in &others {
            assert_ne!(&base, other);
            assert_ne!(base.hash(), other.hash());
        }
        let cache = BinaryCache::in_dir("/nonexistent");
        assert_ne!(cache.entry_path(&base), cache.entry_path(&others[0]));
        assert_eq!(BinaryCache::off().entry_path(&base), None);
    }

    #[test]
    fn off_values_turn_the_cache_off() {
        for value in ["off", "OFF", "0", "false", "none", "", " off "] {
            assert!(is_off(value), "{value:?}");
        }
        assert!(!is_off("/tmp/nessie-cache"));
    }
}
