/// A size in display units (points), as a view measures itself.
public struct DisplaySize: Sendable, Hashable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A pixel size taken as points (one image pixel per point, as browsers show images).
    public init(_ size: PixelSize) {
        self.init(width: Double(size.width), height: Double(size.height))
    }
}

/// A rectangle in display units; the origin is the top-left corner.
public struct DisplayRect: Sendable, Hashable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A rectangle at the origin.
    public init(size: DisplaySize) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The rectangle's size.
    public var size: DisplaySize { DisplaySize(width: width, height: height) }
}
