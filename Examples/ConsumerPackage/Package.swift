// swift-tools-version:6.2
import PackageDescription

// An app's own package built on authcli from docs/library.md alone: a store of its own over
// authcli's SQLite store, with a profile table of the app's own migrations, held to the
// shipped store contract by its tests.
let package = Package(
  name: "ConsumerPackage",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    // authcli's checkout, two folders up; its identity is that folder's name, `authcli`.
    .package(name: "authcli", path: "../..")
  ],
  targets: [
    .target(
      name: "AppAccounts",
      dependencies: [
        .product(name: "AuthCore", package: "authcli"),
        .product(name: "AuthDatabase", package: "authcli"),
        .product(name: "AuthStorage", package: "authcli"),
        .product(name: "AuthCrypto", package: "authcli"),
      ]),
    // The app's tool that makes accounts and their profiles in its database, which the stock
    // `authcli` then lists, signs in, inspects and deletes.
    .executableTarget(name: "app-accounts", dependencies: ["AppAccounts"]),
    .testTarget(
      name: "AppAccountsTests",
      dependencies: [
        "AppAccounts",
        .product(name: "AuthStoreConformance", package: "authcli"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
