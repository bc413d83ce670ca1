import AuthTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A bind mount that only one run of the binary sees.
struct BindMount {
  /// What appears at `target`.
  let source: String
  /// The path covered.
  let target: String
  /// Whether the mount refuses writes (the kernel's EROFS, which root does not bypass).
  let readOnly: Bool

  /// `folder` itself, read-only.
  static func readOnly(_ folder: String) -> BindMount {
    BindMount(source: folder, target: folder, readOnly: true)
  }
}

extension Sandbox {
  /// Runs `authcli` in a private mount namespace (`unshare --mount --propagation private`)
  /// with `mounts` applied: the change is real for that process and invisible to every other
  /// one, and gone when it exits. As another user than root, a user namespace maps it to
  /// root inside. Exit 125 means a mount failed (its reason on standard error).
  func run(
    with mounts: [BindMount], _ arguments: [String], input: String = ""
  ) async throws -> Run {
    var script = ""
    var paths: [String] = []
    for mount in mounts {
      let first = paths.count + 1
      script +=
        "mount --bind \(mount.readOnly ? "-o ro " : "")\"${\(first)}\" \"${\(first + 1)}\" "
        + "|| exit 125\n"
      paths += [mount.source, mount.target]
    }
    script += "shift \(paths.count)\nexec \"$@\"\n"
    let namespace =
      getuid() == 0
      ? ["--mount", "--propagation", "private"]
      : ["--user", "--map-root-user", "--mount", "--propagation", "private"]
    return try await runProgram(
      "/usr/bin/unshare",
      namespace + ["/bin/sh", "-c", script, "authcli-mounts"] + paths + [AuthCLIBinary.path]
        + arguments, input: input)
  }
}

/// The file the dynamic loader maps for `library` (`libpq.so.5`), read from this process's
/// own mappings after opening it; `nil` when the library is not installed.
func loadedLibraryPath(_ library: String) throws -> String? {
  guard dlopen(library, RTLD_NOW) != nil else { return nil }
  let stem = "/" + (library.split(separator: ".").first.map(String.init) ?? library) + ".so"
  // Read to the end: /proc reports a size of 0, so a read sized by stat would stop at once.
  let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
  defer { try? handle.close() }
  let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
  for line in maps.split(separator: "\n") {
    guard let slash = line.firstIndex(of: "/") else { continue }
    let path = String(line[slash...])
    if path.contains(stem) { return path }
  }
  return nil
}

extension BindMount {
  /// A mount that covers the file the loader maps for `library` with an empty one, so that
  /// the binary run under it cannot load the library; none when it is not installed.
  static func hiding(_ library: String, in sandbox: borrowing Sandbox) throws -> [BindMount] {
    guard let path = try loadedLibraryPath(library) else { return [] }
    let empty = sandbox.root + "/not-a-library"
    _ = FileManager.default.createFile(atPath: empty, contents: Data())
    return [BindMount(source: empty, target: path, readOnly: true)]
  }
}
