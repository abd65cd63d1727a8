/// What an uploaded image is and whether an ``UploadPolicy`` accepts it, found from the file's
/// headers alone (``UploadPolicy/check(_:)``): no pixel is decoded, so a bomb is refused in the
/// time it takes to walk its structure.
public struct UploadVerdict: Sendable, Hashable {
    /// The container format (`.apng` for an animated PNG).
    public var format: ImageFormat
    /// The file's size in bytes.
    public var fileBytes: Int
    /// The canvas size.
    public var canvasSize: PixelSize
    /// The frames found. When the policy's frame limit is broken, the walk stops one frame past
    /// it, so this (and ``totalPixels`` and ``totalDuration``) count the frames up to there.
    public var frameCount: Int
    /// The sum of the frames' display durations (browsers' rule: 10 ms or less shows for 100 ms).
    public var totalDuration: Duration
    /// Canvas pixels × frame count: the pixels decoding every composited frame produces
    /// (`Int.max` if that overflows).
    public var totalPixels: Int
    /// Damage found in the structure (a truncated file, a bad chunk after the first frame); the
    /// frames before it are the ones counted. Damage inside compressed data shows only when
    /// decoding.
    public var damage: [ZoetropeError]
    /// The policy's limits this file breaks, in the order of ``PolicyViolation/Limit``; empty when
    /// it is accepted.
    public var violations: [PolicyViolation]

    /// Whether the image has more than one frame.
    public var isAnimated: Bool { frameCount > 1 }
    /// Whether the policy accepts the file.
    public var isAccepted: Bool { violations.isEmpty }
}

/// One limit of an ``UploadPolicy`` that a file breaks.
public struct PolicyViolation: Sendable, Hashable {
    /// Which limit; the raw values are the keys of the policy's text form.
    public enum Limit: String, Sendable, Hashable, CaseIterable {
        /// ``UploadPolicy/maxFileBytes``.
        case bytes
        /// ``UploadPolicy/maxSide``.
        case side
        /// ``UploadPolicy/maxCanvasPixels``.
        case canvas
        /// ``UploadPolicy/maxFrameCount``.
        case frames
        /// ``UploadPolicy/maxTotalPixels``.
        case pixels
        /// ``UploadPolicy/maxTotalDuration``.
        case duration
        /// ``UploadPolicy/allowsDamage``.
        case damage
    }

    /// The limit broken.
    public var limit: Limit
    /// The limit's value: bytes, pixels, frames or milliseconds (0 for damage).
    public var allowed: Int
    /// What the file has, in the same unit (for damage, the number of problems). The walk stops
    /// one frame past the frame limit, so for frames (and the sums over frames) the file may have
    /// more; ``message`` then says "more than".
    public var found: Int
    /// A sentence for people: "3001 frames; the limit is 1000".
    public var message: String
}

extension UploadPolicy {
    /// Checks `bytes` against this policy from the file's headers, decoding no pixel.
    /// - Returns: the verdict; it lists every limit broken (``UploadVerdict/isAccepted`` when none).
    /// - Throws: ``ZoetropeError`` when the bytes are no supported image
    ///   (`.unrecognizedFormat`), are damaged before their first frame, or declare a canvas or
    ///   frame beyond 2³⁶ pixels, which no limit could accept (`.limitExceeded`).
    public func check(_ bytes: [UInt8]) throws(ZoetropeError) -> UploadVerdict {
        try check(ImageBytes(bytes))
    }

    /// Checks bytes that may be a mapped file (the command's), as the array form does.
    package func check(_ bytes: ImageBytes) throws(ZoetropeError) -> UploadVerdict {
        let container = try CodecRegistry.open(bytes, options: DecodingOptions(limits: walkLimits))
        let table = container.table
        // The walk's own stop one frame past the frame limit is no damage.
        let cutShort = table.frames.count >= walkLimits.maxFrameCount
        let overflow = cutShort ? table.warnings.last { $0.kind == .limitExceeded } : nil
        let totalPixels = table.canvasSize.area.multipliedReportingOverflow(by: table.frames.count)
        var verdict = UploadVerdict(
            format: container.format, fileBytes: bytes.count, canvasSize: table.canvasSize,
            frameCount: table.frames.count, totalDuration: table.frames.reduce(.zero) { $0 + $1.duration },
            totalPixels: totalPixels.overflow ? Int.max : totalPixels.partialValue,
            damage: table.warnings.filter { $0 != overflow }, violations: [])
        verdict.violations = violations(of: verdict, framesCutShort: overflow != nil)
        return verdict
    }

    /// The limits the frame-table walk runs under: canvases and frames up to 2³⁶ pixels (so that
    /// the verdict can report a bomb's declared size; the walk allocates no pixels), one frame past
    /// the policy's frame limit (where it stops).
    var walkLimits: DecodingLimits {
        var limits = DecodingLimits()
        limits.maxPixels = 1 << 36
        limits.maxFrameCount = min(maxFrameCount ?? Self.walkFrameCeiling, Self.walkFrameCeiling) + 1
        return limits
    }

    /// The most frames a walk lists (a file may claim more only past any sensible limit).
    static let walkFrameCeiling = 1 << 20

    private func violations(of verdict: UploadVerdict, framesCutShort: Bool) -> [PolicyViolation] {
        let canvas = verdict.canvasSize
        var found: [PolicyViolation] = []
        func check(_ limit: PolicyViolation.Limit, _ allowed: Int?, _ value: Int, _ what: String) {
            guard let allowed, value > allowed else { return }
            found.append(PolicyViolation(limit: limit, allowed: allowed, found: value,
                                         message: "\(what); the limit is \(allowed)"))
        }
        check(.bytes, maxFileBytes, verdict.fileBytes, "\(verdict.fileBytes) bytes")
        check(.side, maxSide, max(canvas.width, canvas.height), "a canvas of \(canvas)")
        check(.canvas, maxCanvasPixels, canvas.area, "a canvas of \(canvas.area) pixels")
        let frames = framesCutShort ? "more than \(verdict.frameCount) frames" : "\(verdict.frameCount) frames"
        check(.frames, maxFrameCount, verdict.frameCount, frames)
        let prefix = framesCutShort ? "at least " : ""
        check(.pixels, maxTotalPixels, verdict.totalPixels, "\(prefix)\(verdict.totalPixels) pixels over all frames")
        check(.duration, maxTotalDuration?.wholeMilliseconds, verdict.totalDuration.wholeMilliseconds,
              "\(prefix)\(verdict.totalDuration.wholeMilliseconds) ms of animation")
        if !allowsDamage, !verdict.damage.isEmpty {
            found.append(PolicyViolation(limit: .damage, allowed: 0, found: verdict.damage.count,
                                         message: "damaged: \(verdict.damage[0].description)"))
        }
        return found
    }
}
