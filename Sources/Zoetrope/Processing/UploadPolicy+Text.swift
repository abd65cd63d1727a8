/// The text form of an ``UploadPolicy``: comma-separated `key=value` items over a starting
/// policy, as `zoetrope info --check` and the example server's `--limits` take it.
///
/// - Keys: `bytes` (file size), `side` (canvas width or height), `canvas` (canvas pixels, or
///   `WxH` for that area), `frames`, `pixels` (summed over frames), `duration`, `damage`
///   (`allow` or `refuse`).
/// - Values: integers with an optional suffix, `k`, `M`, `G` (×1000) or `Ki`, `Mi`, `Gi` (×1024),
///   and for `bytes` an optional trailing `B` (`32MiB`); durations in `ms`, `s` or `min`
///   (`1.5s`; a bare number is seconds); `none` removes a limit.
/// - Items start from ``UploadPolicy/default``; a first item `default` or `unlimited` says so
///   (`unlimited,frames=100` checks the frame count only). An empty text is the default.
extension UploadPolicy: CustomStringConvertible {
    /// Parses the text form (see the extension's documentation).
    /// - Throws: ``ZoetropeError/Kind/invalidArgument`` naming the item that cannot be read.
    public init(parsing text: String) throws(ZoetropeError) {
        var items = text.split(separator: ",", omittingEmptySubsequences: true)
            .map { $0.trimmingSpaces() }
        self = .default
        if let first = items.first, first == "default" || first == "unlimited" {
            if first == "unlimited" { self = .unlimited }
            items.removeFirst()
        }
        for item in items { try apply(item) }
    }

    /// The policy's text form, every key in order; ``init(parsing:)`` reads it back.
    public var description: String {
        [
            "bytes=" + (maxFileBytes.map(Self.byteText) ?? "none"),
            "side=" + (maxSide.map(String.init) ?? "none"),
            "canvas=" + (maxCanvasPixels.map(String.init) ?? "none"),
            "frames=" + (maxFrameCount.map(String.init) ?? "none"),
            "pixels=" + (maxTotalPixels.map(String.init) ?? "none"),
            "duration=" + (maxTotalDuration.map(Self.durationText) ?? "none"),
            "damage=" + (allowsDamage ? "allow" : "refuse"),
        ].joined(separator: ",")
    }

    private mutating func apply(_ item: String) throws(ZoetropeError) {
        guard let equals = item.firstIndex(of: "=") else { throw Self.unreadable(item, "expected key=value") }
        let key = String(item[..<equals]).trimmingSpaces()
        let value = String(item[item.index(after: equals)...]).trimmingSpaces()
        switch key {
        case "bytes": maxFileBytes = try Self.limit(value) { v throws(ZoetropeError) in try Self.count(v, item: item, byteUnit: true) }
        case "side": maxSide = try Self.limit(value) { v throws(ZoetropeError) in try Self.count(v, item: item) }
        case "canvas": maxCanvasPixels = try Self.limit(value) { v throws(ZoetropeError) in try Self.area(v, item: item) }
        case "frames": maxFrameCount = try Self.limit(value) { v throws(ZoetropeError) in try Self.count(v, item: item) }
        case "pixels": maxTotalPixels = try Self.limit(value) { v throws(ZoetropeError) in try Self.count(v, item: item) }
        case "duration": maxTotalDuration = try Self.limit(value) { v throws(ZoetropeError) in try Self.duration(v, item: item) }
        case "damage":
            guard value == "allow" || value == "refuse" else { throw Self.unreadable(item, "damage is allow or refuse") }
            allowsDamage = value == "allow"
        default:
            throw Self.unreadable(item, "unknown limit '\(key)' (bytes, side, canvas, frames, pixels, duration, damage)")
        }
    }

    /// `nil` for `none`, else the value `read` finds.
    private static func limit<Value>(_ text: String,
                                     _ read: (String) throws(ZoetropeError) -> Value) throws(ZoetropeError) -> Value? {
        if text == "none" { return nil }
        return try read(text)
    }

    /// A count with an optional decimal or binary suffix (and `B` for bytes).
    private static func count(_ text: String, item: String, byteUnit: Bool = false) throws(ZoetropeError) -> Int {
        var digits = Substring(text)
        if byteUnit, digits.hasSuffix("B") { digits = digits.dropLast() }
        var multiplier = 1
        for (suffix, factor) in [("Ki", 1 << 10), ("Mi", 1 << 20), ("Gi", 1 << 30),
                                 ("k", 1000), ("K", 1000), ("M", 1_000_000), ("G", 1_000_000_000)]
        where digits.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
            multiplier = factor
            break
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits) else {
            throw unreadable(item, "'\(text)' is not a whole number (suffixes k, M, G, Ki, Mi, Gi)")
        }
        let (value, overflow) = number.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { throw unreadable(item, "'\(text)' is too large") }
        return value
    }

    /// Canvas pixels: a count, or `WxH` for that area.
    private static func area(_ text: String, item: String) throws(ZoetropeError) -> Int {
        let sides = text.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2 else { return try count(text, item: item) }
        let width = try count(String(sides[0]), item: item), height = try count(String(sides[1]), item: item)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow else { throw unreadable(item, "'\(text)' is too large") }
        return pixels
    }

    /// A duration: a decimal number with `ms`, `s` or `min` (seconds when bare), kept to the
    /// millisecond.
    private static func duration(_ text: String, item: String) throws(ZoetropeError) -> Duration {
        var number = Substring(text), scale = 1000.0
        for (suffix, factor) in [("ms", 1.0), ("min", 60_000.0), ("s", 1000.0)] where number.hasSuffix(suffix) {
            number = number.dropLast(suffix.count)
            scale = factor
            break
        }
        guard number.allSatisfy({ $0.isASCIIDigit || $0 == "." }), let value = Double(number),
              value.isFinite, value * scale < 1e15 else {
            throw unreadable(item, "'\(text)' is not a duration (a number with ms, s or min)")
        }
        return .milliseconds(Int64((value * scale).rounded()))
    }

    private static func byteText(_ bytes: Int) -> String {
        for (suffix, factor) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        where bytes >= factor && bytes % factor == 0 {
            return "\(bytes / factor)\(suffix)"
        }
        return "\(bytes)"
    }

    private static func durationText(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }

    private static func unreadable(_ item: String, _ reason: String) -> ZoetropeError {
        ZoetropeError(.invalidArgument, "cannot read the limit '\(item)': \(reason)")
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded down (negative durations give 0).
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = Int(clamping: seconds).multipliedReportingOverflow(by: 1000)
        return overflow ? Int.max : whole + Int(attoseconds / 1_000_000_000_000_000)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
