import AuthDatabase

/// The schema each prefix of the built-in migrations creates, recorded as two digests, so
/// that opening a database checks its schema without running the migrations again.
///
/// Running the migrations on a scratch database took about half of the instructions of
/// `authcli whoami`. The record is keyed by the digest of the migrations themselves, so a
/// changed or new migration simply finds no record and is judged the slow way;
/// `KnownSchemasTests` fails, printing the lines to put here, until the record is updated.
enum SQLiteKnownSchemas {
  /// Digest of migrations 1…N (`SQLiteMigrator.migrationsDigest(upTo:)`) → digest of the schema
  /// they create on an empty database (`SchemaObject.digest(of:)`).
  static let schemaDigests: [String: String] = [
    // 0001_initial
    "2470469e7ac537f70b4d370d81d6b89ec5a531b33063ed83bf3d8b7d1aabdfc4":
      "f604f80fcecd40e77d821e592fd85b91147d91343995f3abd2ce598de872a5ff",
    // 0002_session_ids_never_reused
    "d5b94d6491677f92d45e297b91b2f720717981f843d2455455eef9d08f8394d6":
      "a81791e3cc02cc7710e76d1c64e67135de30a098226f5a095ce2404793ee2207",
    // 0003_account_locks_and_failure_age
    "c834517195bc147dc88a238b4570e915e84a5c1ee2bef800166f7ac54a509c02":
      "35b6712e68780c60146979537adf67a3cbcf5f164f70709ddb556c8807850f64",
    // 0004_keyed_name_hashes
    "f0b1193550c9c89eb5f831491d7c2c87d4615415c2fe9e5d1ee977251740ac82":
      "6061574461b4fe7fc3d36a71ec97a8575aa91162a7a618e7f95d7dc2274c6e90",
    // 0005_device_cookies
    "2238d356d294fa8fd3ce80f56985cedbcab8ff7c43381bd5f7337b4c0fcb68e8":
      "d7acfd46679705854d9e8b834316958d8c4b9cb3c2a031bef94e00309947356f",
    // 0006_device_cookie_expiry_index
    "adb6fa4bd170b3c02bf64946c8f1d14578eeb3cb0b2bc4bb48c45de101378400":
      "9afe498bde257912990d222a833ac63895c1ae85211ce1d42f5191fb79d53bb3",
    // 0007_users_by_name_hash
    "cc8c7879c7b3a0fcc2835b8f9c1df70d7420ef140fb4ee15afb49d4d01655765":
      "9afe498bde257912990d222a833ac63895c1ae85211ce1d42f5191fb79d53bb3",
    // 0008_second_factor
    "2a35ba5a2ccf369fcacdc8d5237f068674a27ac84d0a3fba919e69cb0329c403":
      "9f66d5ce4835ef632aa029c2f8efc7f8e0f970b0749ee1779ba4e14c0ec0fe26",
    // 0009_sign_in_work
    "d12081f3e0d77c41487c4effdc1d4ed6a5dbfb246bedb2e79662318bf4b86937":
      "bcfb9b8309d502f401103d394cfd120b809257f16e690b315a8b4f2347afdc55",
    // 0010_groups
    "1bf122c965025fde9ab506ab1bc73958a174167ce8d19a84eab536b94d074714":
      "4a8a9496629a0e031ea9d07032ac105ece35689fbef1c58f96cec52d69df42b7",
    // 0011_app_migrations
    "774d4bfc6fe487fbe7aacc19a196099b9bb5ca366434e9dc4adf83f37ecee24d":
      "e185ce654f40f33e2d4be8986447c1f791c03edd211e9186d5f99fd0836c21bb",
    // 0012_account_expiry
    "4e5bcfc53e62a6d69200137726460f85cbe71be49c3e8487a4b622be12b66fae":
      "d1997540991ce5d3a33a88e86ab4ef1476fa9e9b666c14528520a7a3b1d6591e",
    // 0013_password_change_required
    "b3607bb4fa69579682b622b649ebf597bebdcbc9791cf67309107633e30e54b9":
      "d2ab4b231b7d728cc0e49d8314c1406482a05a40d9d54cdd31ae5dd3d58f9d87",
  ]

  /// Digest of a schema (`SchemaObject.digest(of:)`) → the names of its tables, so that the
  /// objects of an app's own tables beside them can be set aside before the digest of
  /// authcli's part is compared. Every schema of `schemaDigests` has its line.
  static let tableNames: [String: [String]] = [
    // 0001_initial
    "f604f80fcecd40e77d821e592fd85b91147d91343995f3abd2ce598de872a5ff": [
      "auth_events",
      "schema_migrations",
      "sessions",
      "sign_in_throttle",
      "users",
    ],
    // 0002_session_ids_never_reused
    "a81791e3cc02cc7710e76d1c64e67135de30a098226f5a095ce2404793ee2207": [
      "auth_events",
      "schema_migrations",
      "sessions",
      "sign_in_throttle",
      "sqlite_sequence",
      "users",
    ],
    // 0003_account_locks_and_failure_age
    "35b6712e68780c60146979537adf67a3cbcf5f164f70709ddb556c8807850f64": [
      "auth_events",
      "schema_migrations",
      "sessions",
      "sign_in_throttle",
      "sqlite_sequence",
      "users",
    ],
    // 0004_keyed_name_hashes
    "6061574461b4fe7fc3d36a71ec97a8575aa91162a7a618e7f95d7dc2274c6e90": [
      "auth_events",
      "schema_migrations",
      "secret_keys",
      "sessions",
      "sign_in_throttle",
      "sqlite_sequence",
      "users",
    ],
    // 0005_device_cookies
    "d7acfd46679705854d9e8b834316958d8c4b9cb3c2a031bef94e00309947356f": [
      "auth_events",
      "device_cookies",
      "schema_migrations",
      "secret_keys",
      "sessions",
      "sign_in_throttle",
      "sqlite_sequence",
      "users",
    ],
    // 0006_device_cookie_expiry_index
    "9afe498bde257912990d222a833ac63895c1ae85211ce1d42f5191fb79d53bb3": [
      "auth_events",
      "device_cookies",
      "schema_migrations",
      "secret_keys",
      "sessions",
      "sign_in_throttle",
      "sqlite_sequence",
      "users",
    ],
    // 0008_second_factor
    "9f66d5ce4835ef632aa029c2f8efc7f8e0f970b0749ee1779ba4e14c0ec0fe26": [
      "auth_events",
      "device_cookies",
      "recovery_codes",
      "schema_migrations",
      "second_factors",
      "secret_keys",
      "sessions",
      "sign_in_throttle",
      "sqlite_sequence",
      "users",
    ],
    // 0009_sign_in_work
    "bcfb9b8309d502f401103d394cfd120b809257f16e690b315a8b4f2347afdc55": [
      "auth_events",
      "device_cookies",
      "recovery_codes",
      "schema_migrations",
      "second_factors",
      "secret_keys",
      "sessions",
      "sign_in_throttle",
      "sign_in_work",
      "sqlite_sequence",
      "users",
    ],
    // 0010_groups
    "4a8a9496629a0e031ea9d07032ac105ece35689fbef1c58f96cec52d69df42b7": [
      "auth_events",
      "device_cookies",
      "group_members",
      "recovery_codes",
      "schema_migrations",
      "second_factors",
      "secret_keys",
      "sessions",
      "sign_in_throttle",
      "sign_in_work",
      "sqlite_sequence",
      "user_groups",
      "users",
    ],
    // 0011_app_migrations
    "e185ce654f40f33e2d4be8986447c1f791c03edd211e9186d5f99fd0836c21bb": [
      "app_migrations",
      "auth_events",
      "device_cookies",
      "group_members",
      "recovery_codes",
      "schema_migrations",
      "second_factors",
      "secret_keys",
      "sessions",
      "sign_in_throttle",
      "sign_in_work",
      "sqlite_sequence",
      "user_groups",
      "users",
    ],
    // 0012_account_expiry
    "d1997540991ce5d3a33a88e86ab4ef1476fa9e9b666c14528520a7a3b1d6591e": [
      "app_migrations",
      "auth_events",
      "device_cookies",
      "group_members",
      "recovery_codes",
      "schema_migrations",
      "second_factors",
      "secret_keys",
      "sessions",
      "sign_in_throttle",
      "sign_in_work",
      "sqlite_sequence",
      "user_groups",
      "users",
    ],
    // 0013_password_change_required
    "d2ab4b231b7d728cc0e49d8314c1406482a05a40d9d54cdd31ae5dd3d58f9d87": [
      "app_migrations",
      "auth_events",
      "device_cookies",
      "group_members",
      "recovery_codes",
      "schema_migrations",
      "second_factors",
      "secret_keys",
      "sessions",
      "sign_in_throttle",
      "sign_in_work",
      "sqlite_sequence",
      "user_groups",
      "users",
    ],
  ]

  /// The recorded schema digest for migrations with this digest, if any.
  static func digest(ofSchemaCreatedBy migrationsDigest: String?) -> String? {
    migrationsDigest.flatMap { schemaDigests[$0] }
  }
}

extension SchemaObject {
  /// The objects of `objects` that belong to `tables` (the tables themselves, their
  /// indexes and triggers): authcli's part of a schema, when `tables` are its tables.
  static func belonging(to tables: Set<String>, in objects: Set<SchemaObject>) -> Set<SchemaObject>
  {
    objects.filter { tables.contains($0.tableName) }
  }

  /// The digest of a whole schema, independent of the order SQLite lists it in.
  static func digest(of objects: Set<SchemaObject>) -> String? {
    var digest = FieldDigest()
    for object in objects.sorted(by: { ($0.type, $0.name) < ($1.type, $1.name) }) {
      digest.add(object.type)
      digest.add(object.name)
      digest.add(object.tableName)
      digest.add(object.sql)
    }
    return digest.hex()
  }
}
