// What the encoders share to read a FrameSource and hand out the file they write.

/// An array of frames as a ``FrameSource`` (its first frame's size is the canvas).
struct FrameArray: FrameSource {
    let frames: [RGBAImage]

    var canvasSize: PixelSize { frames.first?.size ?? PixelSize(width: 0, height: 0) }
    var frameCount: Int { frames.count }

    func forEachFrame(_ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws {
        for (index, frame) in frames.enumerated() { try body(index, frame) }
    }
}

extension FrameSource {
    /// Calls `body` with each frame in order, checking what the encoders rely on: every frame has
    /// ``canvasSize`` and the pass gives ``frameCount`` frames. Throws
    /// ``ZoetropeError/Kind/invalidArgument`` for `format` when either fails, and first
    /// `limitExceeded` when the encoder's memory for such canvases cannot be had (``EncodingMemory``).
    func forEachCheckedFrame(format: ImageFormat, _ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws {
        try EncodingMemory.reserve(format, canvas: canvasSize)
        var seen = 0
        try forEachFrame { index, frame in
            guard frame.size == canvasSize else {
                throw ZoetropeError(.invalidArgument, format: format, "all frames must have the same size")
            }
            seen += 1
            guard seen <= frameCount else { throw FrameSourceMismatch.error(format, self) }
            try body(index, frame)
        }
        guard seen == frameCount else { throw FrameSourceMismatch.error(format, self) }
    }
}

/// The error for a source whose pass did not give ``FrameSource/frameCount`` frames.
enum FrameSourceMismatch {
    static func error(_ format: ImageFormat, _ source: some FrameSource) -> ZoetropeError {
        ZoetropeError(.invalidArgument, format: format,
                      "the frame source passed a number of frames other than its frameCount (\(source.frameCount))")
    }
}

/// Where a streaming encoder writes: called with each finished piece of the file, in order.
public typealias EncodedBytesSink = (_ bytes: [UInt8]) throws -> Void

/// Overwrites bytes already handed to an ``EncodedBytesSink``: `bytes` at `offset` from the start
/// of the file, within what was written. Given only for an output that can seek (a file), so that
/// an encoder whose header states what only the end tells (WebP's RIFF size) need not hold its
/// frames until then.
package typealias EncodedBytesRewriter = (_ offset: Int, _ bytes: [UInt8]) throws -> Void

/// Runs a streaming encoder over an array of frames and returns the file: the array APIs of the
/// encoders. Neither the array nor the collecting sink throws, so any error is the encoder's own.
func encodeCollecting(_ format: ImageFormat,
                      _ encode: (_ output: EncodedBytesSink) throws -> Void) throws(ZoetropeError) -> [UInt8] {
    var out: [UInt8] = []
    do {
        try encode { out.append(contentsOf: $0) }
    } catch let error as ZoetropeError {
        throw error
    } catch {
        throw ZoetropeError(.invalidArgument, format: format, "\(error)")
    }
    return out
}
