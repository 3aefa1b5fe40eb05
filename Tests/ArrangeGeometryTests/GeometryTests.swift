import ArrangeGeometry
import ArrangeTestSupport
import Foundation
import PropertyBased
import Testing

private let square = Rect(x: 0, y: 0, width: 10, height: 10)

/// Rectangles with quarter-unit coordinates in -20...20 and sizes in 0...20, so that touching,
/// nested and disjoint pairs all come up.
private let rects = zip(
  Gen.int(in: -80...80), Gen.int(in: -80...80), Gen.int(in: 0...80), Gen.int(in: 0...80)
).map { x, y, w, h in
  Rect(x: Double(x) / 4, y: Double(y) / 4, width: Double(w) / 4, height: Double(h) / 4)
}

@Suite struct GeometryTests {
  // MARK: contains

  @Test(
    "A rectangle contains its top and left edges but not its bottom and right ones",
    arguments: [
      (Point(x: 0, y: 0), true), (Point(x: 5, y: 5), true), (Point(x: 9.999, y: 9.999), true),
      (Point(x: 0, y: 9.5), true), (Point(x: 10, y: 5), false), (Point(x: 5, y: 10), false),
      (Point(x: 10, y: 10), false), (Point(x: -0.001, y: 5), false),
      (Point(x: 5, y: -0.001), false), (Point(x: .nan, y: 5), false),
      (Point(x: .infinity, y: 5), false),
    ])
  func containsPointWithHalfOpenEdges(point: Point, expected: Bool) {
    #expect(square.contains(point) == expected)
  }

  @Test("An empty rectangle contains no point, not even its origin")
  func emptyRectangleContainsNothing() {
    #expect(!Rect(x: 5, y: 5, width: 0, height: 0).contains(Point(x: 5, y: 5)))
    #expect(!Rect(x: 5, y: 5, width: 3, height: 0).contains(Point(x: 6, y: 5)))
  }

  @Test(
    "A rectangle contains another that lies inside it, edges touching or not",
    arguments: [
      (Rect(x: 2, y: 2, width: 3, height: 3), true), (square, true),
      (Rect(x: 0, y: 0, width: 10, height: 5), true),
      (Rect(x: 5, y: 5, width: 6, height: 1), false),
      (Rect(x: -1, y: 0, width: 2, height: 2), false),
      (Rect(x: 20, y: 20, width: 1, height: 1), false),
    ])
  func containsRect(other: Rect, expected: Bool) {
    #expect(square.contains(other) == expected)
  }

  // MARK: intersection

  @Test(
    "Intersection and its area: overlapping, nested, touching and disjoint rectangles",
    arguments: [
      (Rect(x: 5, y: 5, width: 10, height: 10), Rect(x: 5, y: 5, width: 5, height: 5), 25.0),
      (Rect(x: -5, y: 2, width: 10, height: 3), Rect(x: 0, y: 2, width: 5, height: 3), 15),
      (Rect(x: 2, y: 3, width: 4, height: 5), Rect(x: 2, y: 3, width: 4, height: 5), 20),
      (Rect(x: 10, y: 0, width: 5, height: 5), nil, 0),
      (Rect(x: 0, y: 10, width: 5, height: 5), nil, 0),
      (Rect(x: 10, y: 10, width: 5, height: 5), nil, 0),
      (Rect(x: 20, y: -3, width: 5, height: 5), nil, 0),
      (Rect(x: 3, y: 3, width: 0, height: 4), nil, 0),
    ] as [(Rect, Rect?, Double)])
  func intersection(other: Rect, expected: Rect?, area: Double) {
    #expect(square.intersection(other) == expected)
    #expect(other.intersection(square) == expected)
    #expect(square.intersectionArea(other) == area)
    #expect(square.intersects(other) == (expected != nil))
  }

  // MARK: union

  @Test(
    "The union is the smallest rectangle holding both",
    arguments: [
      (Rect(x: 20, y: 20, width: 5, height: 5), Rect(x: 0, y: 0, width: 25, height: 25)),
      (Rect(x: 2, y: 2, width: 3, height: 3), square),
      (Rect(x: -5, y: 3, width: 2, height: 2), Rect(x: -5, y: 0, width: 15, height: 10)),
      (Rect(x: 10, y: 0, width: 5, height: 10), Rect(x: 0, y: 0, width: 15, height: 10)),
    ])
  func union(other: Rect, expected: Rect) {
    #expect(square.union(other) == expected)
    #expect(other.union(square) == expected)
  }

  // MARK: inset, offset, center, distance

  @Test(
    "Insetting shrinks by each edge, grows for negative insets and clamps an over-inset side",
    arguments: [
      (
        EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4),
        Rect(x: 2, y: 1, width: 4, height: 6)
      ),
      (EdgeInsets(all: -1), Rect(x: -1, y: -1, width: 12, height: 12)),
      (EdgeInsets(all: 5), Rect(x: 5, y: 5, width: 0, height: 0)),
      (
        EdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8),
        Rect(x: 5, y: 0, width: 0, height: 10)
      ),
      (
        EdgeInsets(top: 20, leading: 1, bottom: 0, trailing: 1),
        Rect(x: 1, y: 5, width: 8, height: 0)
      ),
      (
        EdgeInsets(top: 0, leading: .nan, bottom: 0, trailing: 0),
        Rect(x: 5, y: 0, width: 0, height: 10)
      ),
    ])
  func inset(insets: EdgeInsets, expected: Rect) {
    #expect(square.inset(by: insets) == expected)
  }

  @Test("insetBy(dx:dy:) insets both sides of each axis")
  func insetByDxDy() {
    #expect(square.insetBy(dx: 1, dy: 2) == Rect(x: 1, y: 2, width: 8, height: 6))
    #expect(square.insetBy(dx: 6, dy: 0) == Rect(x: 5, y: 0, width: 0, height: 10))
  }

  @Test("Offsetting moves the origin and keeps the size")
  func offset() {
    let moved = Rect(x: 1, y: 2, width: 3, height: 4).offsetBy(dx: -5, dy: 0.5)
    #expect(moved == Rect(x: -4, y: 2.5, width: 3, height: 4))
    #expect(Point(x: 1, y: 2).offsetBy(dx: 3, dy: -4) == Point(x: 4, y: -2))
  }

  @Test("The center is halfway along both axes")
  func center() {
    let rect = Rect(x: 1, y: 2, width: 3, height: 4)
    #expect(rect.center == Point(x: 2.5, y: 4))
    #expect(rect.midX == 2.5 && rect.midY == 4 && rect.maxX == 4 && rect.maxY == 6)
  }

  @Test(
    "The distance to a point is zero inside and the gap to the nearest edge or corner outside",
    arguments: [
      (Point(x: 5, y: 5), 0.0), (Point(x: 10, y: 10), 0), (Point(x: 0, y: 3), 0),
      (Point(x: 13, y: 5), 3), (Point(x: 5, y: -2), 2), (Point(x: -3, y: -4), 5),
      (Point(x: 16, y: 18), 10),
    ] as [(Point, Double)])
  func distance(point: Point, expected: Double) {
    #expect(square.distance(to: point) == expected)
  }

  @Test("The distance between two points is Euclidean")
  func pointDistance() {
    #expect(Point(x: 1, y: 1).distance(to: Point(x: 4, y: 5)) == 5)
    #expect(Point(x: 1, y: 1).distance(to: Point(x: 1, y: 1)) == 0)
  }

  @Test("Area and emptiness: a zero, negative or NaN extent has no area")
  func areaAndEmptiness() {
    #expect(Rect(x: 0, y: 0, width: 3, height: 4).area == 12)
    #expect(Rect(x: 0, y: 0, width: 0, height: 4).isEmpty)
    #expect(Rect(x: 0, y: 0, width: -3, height: 4).area == 0)
    #expect(Rect(x: 0, y: 0, width: .nan, height: 4).isEmpty)
    #expect(!Rect(x: 0, y: 0, width: .infinity, height: 4).isFinite)
  }

  @Test("Axis accessors read and write the right extent")
  func axisAccessors() {
    var size = Size(main: 3, cross: 4, axis: .vertical)
    #expect(size == Size(width: 4, height: 3))
    size[.horizontal] = 7
    #expect(size.width == 7 && size[.vertical] == 3)
    var point = Point(x: 1, y: 2)
    point[.vertical] = 9
    #expect(point == Point(x: 1, y: 9))
    let insets = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
    #expect(insets.total(along: .horizontal) == 6 && insets.total(along: .vertical) == 4)
    #expect(insets.start(along: .horizontal) == 2 && insets.start(along: .vertical) == 1)
    #expect(square.min(along: .vertical) == 0 && square.max(along: .horizontal) == 10)
    #expect(Axis.horizontal.cross == .vertical && Axis.vertical.cross == .horizontal)
  }

  // MARK: properties

  @Test("Intersection area is symmetric, at most either area, and the intersection's area")
  func intersectionAreaIsSymmetricAndBounded() async {
    await seededPropertyCheck(
      seed: "rhzo7bcYdO1QB0Up2RsetFnevPYTUEMdeXB/O7VskLU=", input: zip(rects, rects)
    ) { a, b in
      let area = a.intersectionArea(b)
      #expect(area == b.intersectionArea(a))
      #expect(area >= 0 && area <= a.area && area <= b.area)
      if let common = a.intersection(b) {
        #expect(common == b.intersection(a))
        #expect(a.contains(common) && b.contains(common))
        #expect(common.area == area && area > 0)
        #expect(a.intersects(b))
      } else {
        #expect(area == 0 && !a.intersects(b))
      }
    }
  }

  @Test("The union contains both rectangles and every point either contains")
  func unionContainsBoth() async {
    let points = zip(Gen.int(in: -100...100), Gen.int(in: -100...100)).map {
      Point(x: Double($0) / 4, y: Double($1) / 4)
    }
    await seededPropertyCheck(
      seed: "CXMypsWQ4BJubgXqSmAMkD1yPLWPNx9Bz7mggW6aZYA=", input: zip(rects, rects, points)
    ) { a, b, point in
      let union = a.union(b)
      #expect(union == b.union(a))
      #expect(union.contains(a) && union.contains(b))
      if a.contains(point) || b.contains(point) { #expect(union.contains(point)) }
      #expect(union.area >= Swift.max(a.area, b.area))
    }
  }

  @Test("Insetting never gives a negative size and stays inside the rectangle for positive insets")
  func insetStaysInside() async {
    let insets = zip(
      Gen.int(in: -20...60), Gen.int(in: -20...60), Gen.int(in: -20...60), Gen.int(in: -20...60)
    ).map {
      EdgeInsets(
        top: Double($0) / 4, leading: Double($1) / 4, bottom: Double($2) / 4,
        trailing: Double($3) / 4)
    }
    await seededPropertyCheck(
      seed: "GtwqlaHCxdCsv9G6pxobCevO1sKpXQTsBS6yddlna9M=", input: zip(rects, insets)
    ) { rect, insets in
      let inset = rect.inset(by: insets)
      #expect(inset.width >= 0 && inset.height >= 0)
      if insets.top >= 0 && insets.leading >= 0 && insets.bottom >= 0 && insets.trailing >= 0 {
        #expect(rect.contains(inset))
      }
    }
  }
}

@Suite struct GeometryCodingTests {
  @Test("Geometry round-trips through JSON with its property names as keys")
  func codableRoundTrip() throws {
    let rect = Rect(x: 1.5, y: -2, width: 3, height: 4)
    let insets = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let rectJSON = String(decoding: try encoder.encode(rect), as: UTF8.self)
    #expect(rectJSON == #"{"height":4,"width":3,"x":1.5,"y":-2}"#)
    #expect(try JSONDecoder().decode(Rect.self, from: Data(rectJSON.utf8)) == rect)
    #expect(try JSONDecoder().decode(EdgeInsets.self, from: try encoder.encode(insets)) == insets)
    #expect(
      try JSONDecoder().decode(Axis.self, from: Data(#""vertical""#.utf8)) == .vertical)
    // Missing edges are 0; a missing coordinate is an error.
    #expect(
      try JSONDecoder().decode(EdgeInsets.self, from: Data(#"{"top":2}"#.utf8))
        == EdgeInsets(top: 2))
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Point.self, from: Data(#"{"x":1}"#.utf8))
    }
  }

  @Test("Descriptions print whole numbers without a fraction")
  func descriptions() {
    #expect(Rect(x: 0, y: 1, width: 80, height: 2.5).description == "(0, 1, 80×2.5)")
    #expect(Point(x: -3, y: 0.25).description == "(-3, 0.25)")
    #expect(Size(width: .infinity, height: 1).description == "inf×1")
  }
}
