import AuthDatabase
import Testing

/// A copy of `migrator` whose every migration has a comment added: the same schema, made by
/// text whose digest no record of a known schema holds, so that each engine's check of that
/// schema has to take the slow way. Expects the digest to exist and the record (`known`) to
/// lack it.
func changedCopy<Migrator: MigrationExecutor>(
  of migrator: Migrator, _ make: ([Migration]) -> Migrator,
  unknownTo known: (String?) -> String?, sourceLocation: SourceLocation = #_sourceLocation
) -> Migrator {
  let changed = make(
    migrator.migrations.map {
      Migration(identifier: $0.identifier, version: $0.version, sql: $0.sql + "\n-- changed")
    })
  let digest = changed.migrationsDigest(upTo: changed.newestVersion)
  #expect(digest != nil, sourceLocation: sourceLocation)
  #expect(known(digest) == nil, sourceLocation: sourceLocation)
  return changed
}
