/// The schema each prefix of the built-in PostgreSQL migrations creates, recorded as two
/// digests, so that opening a database checks its schema in one catalog query instead of
/// building the expected schema again.
///
/// Keyed by the digest of the migrations themselves, so a changed or new migration finds no
/// record and is judged the slow way (`PostgresMigrator.schemaDifferences`);
/// `PostgresSchemaTests` fails, printing the lines to put here, until it is updated.
enum PostgresKnownSchemas {
  /// Digest of migrations 1…N (`Migration.digest(of:)`) → digest of the schema they create
  /// in an empty schema (`PostgresSchema.digest(of:)`).
  static let schemaDigests: [String: String] = [
    // 0001_initial
    "0759fe2eb1d639cf57cae9ff1afb97f7b0f75cce5c56ce03c0074f5f706533c4":
      "0e1ca2980144b2c7cbe20e355a8e301310aa49629112e36f2b74b3778c77748b",
    // 0002_session_ids_never_reused
    "80709766845f9bf9f687b7e5c5b8dd796051ecea6f17c92ed616090970735da2":
      "0e1ca2980144b2c7cbe20e355a8e301310aa49629112e36f2b74b3778c77748b",
    // 0003_account_locks_and_failure_age
    "4d39bb79acd95a027363c0f055d168bbb30cac7cb816edc9988ef5dc881d1bbf":
      "cb12c3515af68e77a2ac6c9585ed6f9f026b90913b0d37131f27b0dd3a6e1ab6",
    // 0004_keyed_name_hashes
    "39852c6372b910710a27b5be5b65ab12b05267095ae76f24f4b7cb4ab02b3499":
      "c919884aadc474fc67b1f4e87aa8408aded5d58aa56f6a5f5d6b6984b9658d38",
    // 0005_device_cookies
    "51d19456898dc34de5eb710c57629a0b4af7f9e2b8705dc53cfaf7e7114c4df6":
      "ba31218d8d82b2725958475413dec4e47d001d04a932bc1b39ff8a5d3919fedb",
    // 0006_device_cookie_expiry_index
    "db58fdf291b278d7ce59fb4c8e3fc6884e0c979d3e43f91aea0cd8b6c225e86c":
      "13a4ac3067e7e7097a3c70641ac02bd93ee02520aa268613e68d9fb1593a8f69",
    // 0007_users_by_name_hash
    "2b485351a7affeeb6262d4cfd74b5d460060d49f7e2796da77d72856bf9bdbb2":
      "96a1e089804569208ada9dc518b563b41c7fe52e6faa36caea1e8d8f51aba961",
    // 0008_second_factor
    "b10ba5a6058b3e5613a2efee0f1fb1280b3a613aab3d425391cc7a91060ac164":
      "835072c637e503bb74f4fc3b2e8e7147ff1f2db2f56b209b41039a26b5aa076e",
    // 0009_sign_in_work
    "59f3487cb2ae6d668acb84e7c42916d03bb29b28379977f0534e16df666faa7a":
      "3fd785a849bdae3d9496f47212b62e484b6513efbcb466fe56ea28e9819ba1f9",
    // 0010_groups
    "d4fdbd2b18887a750d58052aa170a6625f0fc5f26ec300fa272cc1d0fd779f81":
      "d6724611846f0262c896a8c92dd04cc959ccd209f34ba4ce97c4eb3f2d7d0bf6",
    // 0011_app_migrations
    "66fdeaa4ee12bd7533214a474f0509bf6aa6f973a764926f6eba70ec1aacf81b":
      "3b13a4329d9f5d073b363e24058db883410d43cb12ea21aef063a85a8770812c",
    // 0012_account_expiry
    "259ee3083585cbb09770200a2f68a23264b6b4957e288d8c19f2b77cb0e70257":
      "11daae793cd9af0d85646edfcee03f311c055780bba44b8969f23c62c10fe7ed",
    // 0013_password_change_required
    "e96981bb980734cf65574e28bb2a16519d292c5e53dce6fd3541dd8ad7058982":
      "6a6708a3678379228a24473c9213712f472e91c7333a90dfd33a1d4ef91fe247",
  ]

  /// The recorded schema digest for migrations with this digest, if any.
  static func digest(ofSchemaCreatedBy migrationsDigest: String?) -> String? {
    migrationsDigest.flatMap { schemaDigests[$0] }
  }
}
