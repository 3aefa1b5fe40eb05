// swift-tools-version: 6.0
import PackageDescription

// A package that adopts Arrange's engines as the README shows, and nothing more: what an app
// that only lays out and drags would write. `.ci/run` resolves it against the commit under test
// through a git URL and fails when it fetches any package but Arrange. By hand, against this
// checkout: `swift run --package-path Consumers/EnginesOnly`.
let package = Package(
  name: "EnginesOnly",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [
    // .ci/steps/engines-only puts the commit under test here, by its URL.
    .package(name: "Arrange", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "EnginesOnly",
      dependencies: [
        .product(name: "ArrangeGeometry", package: "Arrange"),
        .product(name: "ArrangeLayout", package: "Arrange"),
        .product(name: "ArrangeDragDrop", package: "Arrange"),
      ])
  ]
)
