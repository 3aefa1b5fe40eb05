// swift-tools-version: 6.0
import PackageDescription

// CI builds the project's own targets with every warning an error (ARRANGE_WARNINGS_AS_ERRORS=1,
// set by .ci/run), so a new warning fails it; the dependencies keep theirs, and a package that
// depends on Arrange never sees the flag.
let strict = Context.environment["ARRANGE_WARNINGS_AS_ERRORS"] == "1"

let upcoming: [SwiftSetting] =
  [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ] + (strict ? [.unsafeFlags(["-warnings-as-errors"])] : [])
let strictC: [CSetting] = strict ? [.unsafeFlags(["-Werror"])] : []

let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux, .android]))]

let package = Package(
  name: "Arrange",
  // Linux needs nothing here. On Apple's systems the package needs the Swift 6.0 runtime:
  // `String(validating:as:)` (ArrangeBoard, ArrangeLayoutJSON) and `Mutex` (the tests) first
  // shipped there; ArrangeTerminal alone needs macOS 13 (`ContinuousClock`) and the engines no
  // more than SwiftPM's oldest. One list covers every target, so the newest need sets it.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "ArrangeGeometry", targets: ["ArrangeGeometry"]),
    .library(name: "ArrangeLayout", targets: ["ArrangeLayout"]),
    .library(name: "ArrangeDragDrop", targets: ["ArrangeDragDrop"]),
    .library(name: "ArrangeTerminal", targets: ["ArrangeTerminal"]),
    .library(name: "ArrangeTerminalDrag", targets: ["ArrangeTerminalDrag"]),
    .library(name: "ArrangeBoard", targets: ["ArrangeBoard"]),
    .library(name: "ArrangeBoardTerminal", targets: ["ArrangeBoardTerminal"]),
    .executable(name: "arrange-layout", targets: ["arrange-layout"]),
    // `arrange` is deliberately no product. SwiftPM fetches, for a package that depends on
    // Arrange, the dependencies of every product, whichever ones it uses: as a product, `arrange`
    // made everyone who adopts the engines fetch swift-argument-parser. Here at the root an
    // executable target needs no product: `swift run arrange` and `swift build --product
    // arrange` build it all the same. .ci/steps/engines-only fails when an adopter fetches more.
  ],
  dependencies: [
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    // `swift package generate-documentation`: the DocC catalogs, built by CI.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // Engines: pure Swift, no Foundation, no platform module (ARCHITECTURE.md).
    // `rounded()` and `squareRoot()` need libm, which Foundation would otherwise bring along.
    .target(name: "ArrangeGeometry", swiftSettings: upcoming, linkerSettings: libm),
    .target(
      name: "ArrangeLayout", dependencies: ["ArrangeGeometry"], swiftSettings: upcoming,
      linkerSettings: libm),
    .target(
      name: "ArrangeDragDrop", dependencies: ["ArrangeGeometry"], swiftSettings: upcoming,
      linkerSettings: libm),

    // Front ends.
    .target(
      name: "ArrangeLayoutJSON", dependencies: ["ArrangeLayout", "ArrangeJSON"],
      swiftSettings: upcoming),
    // The package's one JSON reader (strict RFC 8259, positions kept, no Foundation): layout
    // documents and a board page's change requests are both read by it.
    .target(name: "ArrangeJSON", swiftSettings: upcoming),
    .target(
      name: "ArrangeTerminal", dependencies: ["ArrangeGeometry"],
      swiftSettings: upcoming),
    // Lists in a terminal that items are dragged between: where the terminal meets the engines.
    .target(
      name: "ArrangeTerminalDrag",
      dependencies: ["ArrangeTerminal", "ArrangeGeometry", "ArrangeLayout", "ArrangeDragDrop"],
      swiftSettings: upcoming),
    // File-system calls the Glibc module lacks (atomic exchange, leases, inode flags).
    .target(name: "CArrangeFileSystem", cSettings: strictC),
    // gzip for the page's files (zlib: part of what Swift needs on Linux, in every Apple SDK).
    .target(name: "CArrangeZlib", cSettings: strictC, linkerSettings: [.linkedLibrary("z")]),
    // The board without a terminal: the document, the file, the session every front end shares.
    .target(
      name: "ArrangeBoard",
      dependencies: ["ArrangeGeometry", "ArrangeDragDrop", "CArrangeFileSystem"],
      swiftSettings: upcoming),
    // The board in a terminal: `BoardScreen`, a terminal program over a board session.
    .target(
      name: "ArrangeBoardTerminal",
      dependencies: [
        "ArrangeBoard", "ArrangeGeometry", "ArrangeLayout", "ArrangeDragDrop", "ArrangeTerminal",
        "ArrangeTerminalDrag",
      ],
      swiftSettings: upcoming),
    // The board in a browser: an HTTP and WebSocket server over a board session (its own, on
    // poll(2): every bound an attacker could push is one it sets), and the page
    // (Web/: HTML, CSS and the page's script, with the web library from WebLibrary/dist); and the
    // gallery of the seed systems' demos on the web library (Gallery/, `arrange gallery`).
    .target(
      name: "ArrangeServe",
      dependencies: ["ArrangeBoard", "ArrangeJSON", "CArrangeZlib"],
      // The web library's files come from its package (WebLibrary/dist), served beside the page's.
      resources: [.copy("Web"), .copy("Gallery"), .copy("../../WebLibrary/dist")],
      swiftSettings: upcoming),
    .executableTarget(
      name: "arrange",
      dependencies: [
        "ArrangeBoard", "ArrangeBoardTerminal", "ArrangeTerminal", "ArrangeServe",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: upcoming),
    .executableTarget(
      name: "arrange-layout", dependencies: ["ArrangeLayoutJSON"], swiftSettings: upcoming),

    // Examples that CI builds, so the README's code never rots.
    .executableTarget(
      name: "layout-quick-start", dependencies: ["ArrangeLayout"],
      path: "Examples/LayoutQuickStart", swiftSettings: upcoming),
    .executableTarget(
      name: "terminal-demo",
      dependencies: ["ArrangeTerminal", "ArrangeTerminalDrag", "ArrangeDragDrop", "ArrangeLayout"],
      path: "Examples/TerminalDemo", swiftSettings: upcoming),
    .executableTarget(
      name: "drag-quick-start", dependencies: ["ArrangeDragDrop"],
      path: "Examples/DragQuickStart", swiftSettings: upcoming),

    // Shared test helpers (internal; not a product).
    .target(
      name: "ArrangeTestSupport",
      dependencies: [
        "ArrangeGeometry", "ArrangeLayout", "ArrangeDragDrop",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: upcoming),

    .testTarget(
      name: "ArrangeGeometryTests",
      dependencies: [
        "ArrangeGeometry", "ArrangeTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: upcoming),
    .testTarget(
      name: "ArrangeLayoutTests",
      dependencies: [
        "ArrangeLayout", "ArrangeTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: upcoming),
    .testTarget(
      name: "ArrangeDragDropTests",
      dependencies: [
        "ArrangeDragDrop", "ArrangeTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: upcoming),
    .testTarget(
      name: "ArrangeTerminalTests",
      dependencies: [
        "ArrangeTerminal", "ArrangeTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: upcoming),
    .testTarget(
      name: "ArrangeTerminalDragTests",
      dependencies: [
        "ArrangeTerminalDrag", "ArrangeTerminal", "ArrangeDragDrop", "ArrangeLayout",
        "ArrangeTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: upcoming),
    .testTarget(
      name: "ArrangeBoardTests",
      dependencies: [
        "ArrangeBoard", "ArrangeBoardTerminal", "ArrangeTerminal", "ArrangeTerminalDrag",
        "ArrangeDragDrop", "ArrangeTestSupport", "CArrangeFileSystem",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: upcoming),
    .testTarget(
      name: "ArrangeServeTests",
      dependencies: ["ArrangeServe", "ArrangeBoard", "ArrangeTestSupport"],
      swiftSettings: upcoming),
    .testTarget(
      name: "ArrangeLayoutJSONTests",
      dependencies: ["ArrangeLayoutJSON", "ArrangeTestSupport"],
      swiftSettings: upcoming),
  ]
)
