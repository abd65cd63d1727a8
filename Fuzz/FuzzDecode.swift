/// The decoder targets' checks: what every image that opens must satisfy, whatever its bytes.
enum FuzzDecode {
    /// Opens `bytes`; reads every frame in order; then reads frames by index in a scrambled order,
    /// in the same image and in a freshly opened one, and checks each equals the sequential frame.
    static func randomAccessEqualsSequential(_ bytes: [UInt8], options: DecodingOptions) {
        guard let image = try? AnimatedImage(bytes: bytes, options: options) else { return }
        _ = image.totalDuration
        var sequential: [UInt64] = []
        var failed = false
        do { try image.forEachFrame { _, frame in sequential.append(fuzzFingerprint(frame)) } } catch { failed = true }
        // The only error forEachFrame may throw is the first frame's (later damage is a warning).
        fuzzCheck(!failed || sequential.isEmpty, "forEachFrame threw after \(sequential.count) frames")
        fuzzCheck(failed || sequential.count == image.frameCount,
                  "forEachFrame visited \(sequential.count) of \(image.frameCount) frames")
        let count = image.frameCount
        guard count > 0 else { return }
        let order = [count - 1, 0, count / 2, count - 1, 1 % count, (count * 2) / 3]
        for reader in [image, try? AnimatedImage(bytes: bytes, options: options)] {
            guard let reader else { fuzzCheck(false, "a second open of the same bytes failed"); return }
            for index in order { compare(reader, index, sequential, failed) }
        }
    }

    /// When the first frame has no usable data, `forEachFrame` throws and so must `frame(at: 0)`;
    /// a later frame may still be shown when its replay starts at a later clean frame (random access
    /// never decodes frames it does not need), so there is nothing to compare it with.
    private static func compare(_ image: AnimatedImage, _ index: Int, _ sequential: [UInt64], _ failed: Bool) {
        do {
            let frame = try image.frame(at: index)
            fuzzCheck(!failed || index > 0, "frame(at: 0) decoded but forEachFrame failed on frame 0")
            fuzzCheck(failed || fuzzFingerprint(frame) == sequential[index],
                      "frame(at: \(index)) differs from frame \(index) read in order")
        } catch {
            fuzzCheck(failed, "frame(at: \(index)) threw \(error) but forEachFrame decoded every frame")
        }
    }

    /// `ImageInspector` answers exactly what a full open finds, and fails exactly when it fails.
    static func inspectorAgreesWithOpen(_ bytes: [UInt8], options: DecodingOptions) {
        let summary = try? ImageInspector.inspect(bytes, limits: options.limits)
        let image = try? AnimatedImage(bytes: bytes, options: options)
        fuzzCheck((summary == nil) == (image == nil), "inspect and open disagree on whether the bytes open")
        guard let summary, let image else { return }
        fuzzCheck(summary.format == image.format && summary.size == image.canvasSize
                  && summary.frameCount == image.frameCount && summary.storedLoopCount == image.storedLoopCount
                  && summary.playCount == image.playCount && summary.warnings == image.warnings
                  && summary.compressions == Set(image.frames.map(\.compression)),
                  "inspect \(summary) disagrees with the opened image")
    }
}
