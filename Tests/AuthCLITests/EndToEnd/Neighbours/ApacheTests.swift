import AuthTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Apache httpd with mod_authnz_external naming authcli directly (`pipe`: the name line,
/// then the password line; for a group, the name line, then the groups line): the recipe of
/// docs/cli.md, under the prefork and event MPMs.
enum ApacheStack {
  static let httpd = "/usr/sbin/apache2"
  static let modules = "/usr/lib/apache2/modules"
  static let curl = "/usr/bin/curl"

  /// Whether the tests run: as root with Apache, mod_authnz_external and curl there, or
  /// under CI, where anything missing fails them instead.
  static let runs = TestEnvironment.runs(
    present: getuid() == 0
      && [httpd, curl, "/usr/sbin/runuser"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
      }
      && FileManager.default.fileExists(atPath: modules + "/mod_authnz_external.so"),
    leftOut: "Tests with Apache left out: they need root, apache2, libapache2-mod-authnz-external"
      + " and curl (script/setup installs them; under CI they fail instead)")

  /// The lines of the recipe that name authcli, as docs/cli.md gives them.
  static func recipe(database: String) -> String {
    """
    DefineExternalAuth authcli pipe "\(AuthCLIBinary.pathForEveryUser) --db \(database) verify --username-stdin --password-stdin"
    DefineExternalGroup authcli pipe "\(AuthCLIBinary.pathForEveryUser) --db \(database) groups check --stdin"
    <Directory "/srv/www/private">
      AuthType Basic
      AuthName "Private"
      AuthBasicProvider external
      AuthExternal authcli
      Require valid-user
    </Directory>
    <Directory "/srv/www/private/staff">
      AuthType Basic
      AuthName "Staff"
      AuthBasicProvider external
      AuthExternal authcli
      GroupExternal authcli
      Require external-group staff
    </Directory>
    """
  }
}

/// A store owned by a local user of the test's own, as a web server's store is owned by the
/// server's user: authcli refuses a database another user owns, so every command on it runs
/// as that user (`runuser`).
struct ServiceStore {
  let user: String
  let folder: String
  let database: String
  private let environment: [String: String]

  init(in sandbox: borrowing Sandbox, users: LocalUsers, prefix: String) throws {
    user = try users.make(prefix)
    folder = sandbox.root + "/" + user
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let owned = try ChildProcess.capture("/bin/chown", [user, folder])
    #expect(owned.status == 0, "\(owned.errors)")
    chmod(folder, 0o700)
    database = folder + "/auth.sqlite3"
    environment = [
      "HOME": folder, "XDG_DATA_HOME": folder + "/data", "XDG_STATE_HOME": folder + "/state",
      "AUTHCLI_ARGON2": "minimum", "AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST": "1",
    ]
  }

  /// A new store of a new local user, migrated.
  static func migrated(
    in sandbox: borrowing Sandbox, users: LocalUsers, prefix: String
  ) async throws -> ServiceStore {
    let store = try ServiceStore(in: sandbox, users: users, prefix: prefix)
    #expect(try await store.run(["migrate"], in: sandbox).status == 0)
    return store
  }

  /// Runs authcli on the store as its user.
  func run(
    _ arguments: [String], input: String = "", in sandbox: borrowing Sandbox
  ) async throws -> Sandbox.Run {
    let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return try await sandbox.runProgram(
      "/usr/sbin/runuser",
      ["-u", user, "--", "/usr/bin/env"] + assignments
        + [AuthCLIBinary.pathForEveryUser, "--db", database] + arguments, input: input)
  }

  /// Adds an account with `Passphrase.first`.
  func add(_ name: String, in sandbox: borrowing Sandbox) async throws {
    let added = try await run(
      ["users", "add", "--username", name, "--password-stdin"], input: Passphrase.first + "\n",
      in: sandbox)
    #expect(added.status == 0, "\(added.errors)")
  }
}

/// Apache started in the foreground by `startServer` (which kills it after 10 minutes if the
/// test does not stop it), serving one protected page.
final class ApacheServer {
  let port: UInt16
  let root: String

  init(
    in sandbox: borrowing Sandbox, store: borrowing ServiceStore, mpm: String
  ) async throws {
    root = sandbox.root + "/apache-" + mpm
    let pages = root + "/srv/www/private"
    try FileManager.default.createDirectory(
      atPath: pages + "/staff", withIntermediateDirectories: true)
    try "private page\n".write(toFile: pages + "/index.html", atomically: true, encoding: .utf8)
    try "staff page\n".write(
      toFile: pages + "/staff/index.html", atomically: true, encoding: .utf8)
    port = try FreePort.onLoopback()
    let modules = ApacheStack.modules
    let recipe = ApacheStack.recipe(database: store.database)
      .replacingOccurrences(of: "\"/srv/www/", with: "\"\(root)/srv/www/")
    // One event child with threads for every request of a burst: with the compiled-in
    // defaults Apache stops and starts children as a slow burst changes how many threads
    // idle, and under a loaded machine it dropped the connections of a child it stopped
    // ("children are killed successively!") before any authenticator ran.
    let workers =
      mpm == "event"
      ? """
      StartServers 1
      ServerLimit 1
      ThreadLimit 64
      ThreadsPerChild 64
      MaxRequestWorkers 64
      MinSpareThreads 1
      MaxSpareThreads 64
      """ : ""
    try """
    ServerRoot \(root)
    ServerName localhost
    Listen 127.0.0.1:\(port)
    LoadModule mpm_\(mpm)_module \(modules)/mod_mpm_\(mpm).so
    LoadModule authn_core_module \(modules)/mod_authn_core.so
    LoadModule authz_core_module \(modules)/mod_authz_core.so
    LoadModule authz_user_module \(modules)/mod_authz_user.so
    LoadModule auth_basic_module \(modules)/mod_auth_basic.so
    LoadModule authnz_external_module \(modules)/mod_authnz_external.so
    User \(store.user)
    Group nogroup
    PidFile \(root)/httpd.pid
    ErrorLog \(root)/error.log
    LogLevel info
    \(workers)
    DocumentRoot \(root)/srv/www
    \(recipe)

    """.write(toFile: root + "/httpd.conf", atomically: true, encoding: .utf8)
    try await startServer(
      ApacheStack.httpd, ["-f", root + "/httpd.conf", "-D", "FOREGROUND"], in: sandbox)
    let port = port
    let answering = try await waitForServer {
      (try? await basicAuthStatus(
        port: port, of: "/private/index.html", user: "nobody", password: "x")) == 401
    }
    #expect(answering, "Apache did not start: \(errorLog)")
  }

  deinit {
    // -k stop signals the server named in the PidFile, and waits for it to end.
    _ = try? ChildProcess.capture(ApacheStack.httpd, ["-f", root + "/httpd.conf", "-k", "stop"])
  }

  /// The HTTP status of one request with Basic credentials.
  func status(of path: String, user: String, password: String) async throws -> Int {
    try await basicAuthStatus(port: port, of: path, user: user, password: password)
  }

  /// What Apache has logged.
  var errorLog: String {
    (try? String(contentsOfFile: root + "/error.log", encoding: .utf8)) ?? ""
  }
}

@Suite(
  "End to end: Apache asks authcli through mod_authnz_external", .enabled(if: ApacheStack.runs))
struct ApacheTests {
  @Test(arguments: ["prefork", "event"])
  func theRecipeAnswersEachRequest(mpm: String) async throws {
    let sandbox = try Sandbox()
    let users = LocalUsers()
    let store = try await ServiceStore.migrated(in: sandbox, users: users, prefix: "web")
    for name in ["ada", "bob", "cyd"] { try await store.add(name, in: sandbox) }
    #expect(try await store.run(["users", "lock", "bob"], in: sandbox).status == 0)
    #expect(try await store.run(["groups", "add", "staff", "ada"], in: sandbox).status == 0)
    let server = try await ApacheServer(in: sandbox, store: store, mpm: mpm)

    #expect(
      try await server.status(of: "/private/index.html", user: "ada", password: Passphrase.first)
        == 200)
    for (user, password) in [
      ("ada", Passphrase.second), ("nobody", Passphrase.first), ("bob", Passphrase.first),
    ] {
      let status = try await server.status(
        of: "/private/index.html", user: user, password: password)
      #expect(status == 401, "\(user): \(status)")
    }
    // Require external-group: a member's right password opens the page, anyone else's not.
    let member = try await server.status(
      of: "/private/staff/index.html", user: "ada", password: Passphrase.first)
    #expect(member == 200, "\(member): \(server.errorLog)")
    #expect(
      try await server.status(of: "/private/index.html", user: "cyd", password: Passphrase.first)
        == 200)
    #expect(
      try await server.status(
        of: "/private/staff/index.html", user: "cyd", password: Passphrase.first) == 401)
    #expect(
      try await server.status(
        of: "/private/staff/index.html", user: "ada", password: Passphrase.second) == 401)
    let audit = try await store.run(["audit", "--json", "--user", "ada"], in: sandbox)
    let kinds = try #require(try audit.json() as? [[String: Any]]).compactMap {
      $0["kind"] as? String
    }
    #expect(kinds.contains("password_verified"))
    #expect(kinds.contains("sign_in_failed"))
  }
  /// A page with many resources: browsers open several connections, and each request runs
  /// authcli. authcli says yes to every one with the right password, under both MPMs: the checks
  /// take turns, the first one's upgrade of the stored hash (stored at the test's minimum
  /// cost, checked at the standard one) refuses none of the others, and the SIGTERM the
  /// event MPM sends other requests' authenticators ends none of them.
  @Test(arguments: ["prefork", "event"])
  func twentyParallelRequestsWithTheRightPasswordAllGetThePage(mpm: String) async throws {
    let sandbox = try Sandbox()
    let users = LocalUsers()
    let store = try await ServiceStore.migrated(in: sandbox, users: users, prefix: "brs")
    try await store.add("ada", in: sandbox)
    let server = try await ApacheServer(in: sandbox, store: store, mpm: mpm)
    let port = server.port
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<20 {
        group.addTask {
          try await basicAuthStatus(
            port: port, of: "/private/index.html", user: "ada", password: Passphrase.first)
        }
      }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    // authcli says yes to every one of them, and nothing of the burst counts against the
    // owner.
    let audit = try await store.run(["audit", "--json", "--user", "ada"], in: sandbox)
    let kinds = try #require(try audit.json() as? [[String: Any]]).compactMap {
      $0["kind"] as? String
    }
    // Under the event MPM a dropped connection's authenticator may still be checking, or may
    // have been killed by Apache (a killed check counts nothing), so every check that ended
    // said yes, and at least one for every page.
    let verified = kinds.filter { $0 == "password_verified" }.count
    if mpm == "prefork" {
      #expect(verified == 20, "\(kinds)")
    } else {
      #expect(verified >= statuses.filter { $0 == 200 }.count && verified <= 20, "\(kinds)")
    }
    #expect(!kinds.contains("sign_in_failed"), "\(kinds)")
    let shown = try await store.run(["users", "show", "ada", "--json"], in: sandbox)
    #expect((try shown.json() as? [String: Any])?["failed_attempts"] as? Int == 0)
    // Under prefork every yes reaches the browser. Under the event MPM mod_authnz_external
    // loses some after authcli said yes, more on a loaded machine: its wait for the
    // authenticator fails with ECHILD (the process was reaped elsewhere in Apache's threaded
    // child) and it answers 401, logging "Could not get status from child", or the
    // connection closes with no answer at all (curl: "Empty reply from server"; nothing in
    // the error log), or Apache ends the authenticator with SIGTERM while it checks and
    // answers 401 ("External authenticator died on signal 15"). None is a refusal of
    // authcli's, which the audit above rules out: so under the event MPM every answer that is
    // not lost is the page.
    let lost = [
      "Could not get status from child", "External authenticator died on signal",
    ].reduce(0) { $0 + server.errorLog.components(separatedBy: $1).count - 1 }
    let answered = statuses.filter { $0 != 0 }
    if mpm == "prefork" {
      #expect(lost == 0, "\(server.errorLog)")
      #expect(statuses.filter { $0 == 200 }.count == 20, "\(statuses)\n\(server.errorLog)")
    } else {
      #expect(!answered.isEmpty, "\(statuses)\n\(server.errorLog)")
      #expect(
        answered.filter { $0 == 200 }.count == answered.count - lost,
        "\(statuses)\n\(server.errorLog)")
    }
  }
}

/// nginx with Debian's auth_pam module on the service `authcli help pam` makes, started in
/// the foreground by `timeout` and stopped with the test; libpam-wrapper points PAM at the
/// test's service folder (nginx passes only the variables its `env` lines name on).
final class NginxServer {
  static let nginx = "/usr/sbin/nginx"
  static let module = "/usr/lib/nginx/modules/ngx_http_auth_pam_module.so"

  let port: UInt16
  let root: String

  init(
    in sandbox: borrowing Sandbox, store: ServiceStore, services: String
  ) async throws {
    root = sandbox.root + "/nginx"
    let pages = root + "/www/private"
    try FileManager.default.createDirectory(atPath: pages, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: root + "/temporary", withIntermediateDirectories: true)
    try "private page\n".write(toFile: pages + "/index.html", atomically: true, encoding: .utf8)
    port = try FreePort.onLoopback()
    let location = NginxServer.recipe
    try """
    load_module \(Self.module);
    user \(store.user) nogroup;
    worker_processes 2;
    daemon off;
    pid \(root)/nginx.pid;
    error_log \(root)/error.log info;
    env LD_PRELOAD;
    env PAM_WRAPPER;
    env PAM_WRAPPER_SERVICE_DIR;
    events { worker_connections 64; }
    http {
      access_log off;
      client_body_temp_path \(root)/temporary;
      server {
        listen 127.0.0.1:\(port);
        root \(root)/www;
        \(location)
      }
    }

    """.write(toFile: root + "/nginx.conf", atomically: true, encoding: .utf8)
    try await startServer(
      Self.nginx, ["-c", root + "/nginx.conf", "-p", root], in: sandbox,
      environment: PAMNeighbours.wrapper(services: services))
    let port = port
    let answering = try await waitForServer {
      (try? await basicAuthStatus(
        port: port, of: "/private/index.html", user: "nobody", password: "x")) == 401
    }
    #expect(answering, "nginx did not start: \(errorLog)")
  }

  /// The location block of docs/cli.md.
  static let recipe = """
    location /private/ {
        auth_pam              "Private";
        auth_pam_service_name "authcli";
    }
    """

  deinit {
    let text = (try? String(contentsOfFile: root + "/nginx.pid", encoding: .utf8)) ?? ""
    if let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 {
      kill(pid, SIGTERM)
    }
  }

  /// The HTTP status of a request for the private page with Basic credentials.
  func status(user: String, password: String) async throws -> Int {
    try await basicAuthStatus(
      port: port, of: "/private/index.html", user: user, password: password)
  }

  /// What nginx has logged.
  var errorLog: String {
    (try? String(contentsOfFile: root + "/error.log", encoding: .utf8)) ?? ""
  }
}

@Suite(
  "End to end: nginx asks authcli through auth_pam",
  .enabled(if: ApacheStack.runs && PAMNeighbours.runs))
struct NginxTests {
  @Test func theRecipeAnswersEachRequest() async throws {
    let sandbox = try Sandbox()
    let users = LocalUsers()
    let store = try await ServiceStore.migrated(in: sandbox, users: users, prefix: "ngx")
    for name in ["ada", "bob"] { try await store.add(name, in: sandbox) }
    #expect(try await store.run(["users", "lock", "bob"], in: sandbox).status == 0)
    // The service file as the store's user makes it (authcli opens only its own store).
    let services = sandbox.root + "/pam.d"
    try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
    let recipe = try await store.run(["help", "pam"], in: sandbox)
    #expect(recipe.status == 0, "\(recipe.errors)")
    try recipe.output.write(toFile: services + "/authcli", atomically: true, encoding: .utf8)
    let server = try await NginxServer(in: sandbox, store: store, services: services)

    #expect(try await server.status(user: "ada", password: Passphrase.first) == 200)
    for (user, password) in [
      ("ada", Passphrase.second), ("nobody", Passphrase.first), ("bob", Passphrase.first),
    ] {
      let status = try await server.status(user: user, password: password)
      #expect(status == 401, "\(user): \(status)")
    }
    let audit = try await store.run(["audit", "--json", "--user", "ada"], in: sandbox)
    let kinds = try #require(try audit.json() as? [[String: Any]]).compactMap {
      $0["kind"] as? String
    }
    #expect(kinds.contains("password_verified"))
  }

  @Test func docsGiveTheRecipesTheTestsRun() throws {
    let manual = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../docs/cli.md").standardized, encoding: .utf8)
    let apache = ApacheStack.recipe(database: "/var/lib/authcli-web/auth.sqlite3")
      .replacingOccurrences(of: AuthCLIBinary.pathForEveryUser, with: "/usr/local/bin/authcli")
    #expect(manual.contains("```apache\n" + apache + "\n```"))
    #expect(manual.contains("```nginx\n" + NginxServer.recipe + "\n```"))
  }
}
