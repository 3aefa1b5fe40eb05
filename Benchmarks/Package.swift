// swift-tools-version: 6.2
import PackageDescription

// A plain release-mode benchmark executable for Arrange (DESIGN.md §2.4).
//
// Build and run from the repository root:
//   swift build -c release --package-path Benchmarks
//   Benchmarks/.build/release/arrange-benchmarks            # full run (< ~60 s)
//   Benchmarks/.build/release/arrange-benchmarks --quick    # CI smoke run
//
// The nested package keeps its own `.build` inside `Benchmarks/` (ignored by the root
// `.gitignore`).

let upcoming: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "ArrangeBenchmarks",
  // The root package's (see its Package.swift): on Apple's systems, a package may not ask for
  // older ones than a package it depends on.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .executable(name: "arrange-benchmarks", targets: ["arrange-benchmarks"])
  ],
  dependencies: [
    .package(name: "Arrange", path: "..")
  ],
  targets: [
    // Counts heap allocations by interposing malloc and friends (glibc only; a no-op elsewhere).
    .target(name: "CAllocationCounter"),
    // The functions callgrind toggles on, in a module whose name shares no word with theirs (so
    // the mangled symbols contain `arrangeBenchmarkLayoutPass` verbatim).
    .target(
      name: "CallgrindEntry",
      dependencies: [
        .product(name: "ArrangeLayout", package: "Arrange"),
        .product(name: "ArrangeGeometry", package: "Arrange"),
      ],
      swiftSettings: upcoming),
    .executableTarget(
      name: "arrange-benchmarks",
      dependencies: [
        "CAllocationCounter",
        "CallgrindEntry",
        .product(name: "ArrangeDragDrop", package: "Arrange"),
        .product(name: "ArrangeLayout", package: "Arrange"),
        .product(name: "ArrangeGeometry", package: "Arrange"),
        .product(name: "ArrangeTerminal", package: "Arrange"),
        .product(name: "ArrangeTerminalDrag", package: "Arrange"),
        .product(name: "ArrangeBoard", package: "Arrange"),
        .product(name: "ArrangeBoardTerminal", package: "Arrange"),
      ],
      swiftSettings: upcoming),
  ]
)
