import Zoetrope

/// Uncompressed video frames from another tool (`--input-format rgba` or `y4m`, what
/// `ffmpeg -f rawvideo -pix_fmt rgba` or `-f yuv4mpegpipe` writes), read one frame at a time from
/// a ``FrameFile``: memory stays at one frame and its conversion whatever the length.
final class RawFrames: FrameInput {
    private enum Layout {
        case rgba
        case yuv(YUVConverter)
    }

    private let file: FrameFile
    private let layout: Layout
    /// Where each frame's pixels start in the file.
    private let offsets: [Int]
    private let frameBytes: Int
    private let frameDuration: Duration
    let canvasSize: PixelSize
    /// Video plays forever, as gifski's output.
    let playCount = PlayCount.infinite
    private(set) var problems: [any Error] = []
    private var buffer: [UInt8] = []

    var frameCount: Int { offsets.count }

    /// Raw RGBA frames of `size` (straight alpha, row after row), `rate` a second.
    init(rgba file: FrameFile, size: PixelSize, rate: Int) throws {
        let frameBytes = size.width * size.height * 4
        self.file = file
        layout = .rgba
        canvasSize = size
        self.frameBytes = frameBytes
        offsets = Array(stride(from: 0, to: file.size - frameBytes + 1, by: frameBytes))
        frameDuration = .seconds(1) / rate
        if file.size % frameBytes != 0 {
            problems.append(CommandFailure(file: nil, "warning: the input ends \(file.size % frameBytes) bytes into frame "
                                           + "\(offsets.count) (frames of \(size) RGBA are \(frameBytes) bytes): that frame is dropped"))
        }
        try reserveFrame()
    }

    /// A YUV4MPEG2 stream; `rate` (`--fps`) when its header gives none.
    init(y4m file: FrameFile, matrix: YUVMatrix, rate: Int?) throws {
        let header = try Y4MHeader(try file.bytes(at: 0, upTo: Y4MHeader.maximumLength))
        self.file = file
        layout = .yuv(YUVConverter(header: header, matrix: matrix))
        canvasSize = PixelSize(width: header.width, height: header.height)
        frameBytes = header.frameBytes
        if let (numerator, denominator) = header.rate {
            frameDuration = .nanoseconds(Int64(denominator) * 1_000_000_000 / Int64(numerator))
        } else {
            frameDuration = .seconds(1) / (rate ?? 25)
        }
        var offsets: [Int] = [], offset = header.length
        while offset < file.size {
            let start = offset + (try Y4MHeader.frameHeaderLength(try file.bytes(at: offset, upTo: 256)))
            guard start + frameBytes <= file.size else {
                problems.append(CommandFailure(file: nil, "warning: the YUV4MPEG2 stream ends inside frame \(offsets.count): "
                                               + "that frame is dropped"))
                break
            }
            offsets.append(start)
            offset = start + frameBytes
        }
        self.offsets = offsets
        try reserveFrame()
    }

    /// Checks that a frame, its bytes and its conversion fit in memory.
    private func reserveFrame() throws {
        let pixels = canvasSize.width * canvasSize.height
        try MemoryHeadroom.reserve(MemoryHeadroom.bytes(pixels: pixels) + frameBytes,
                                   for: "a \(canvasSize) frame", format: nil, offset: nil)
    }

    func duration(at index: Int) -> Duration { frameDuration }

    func frame(at index: Int) throws -> RGBAImage {
        try file.read(at: offsets[index], count: frameBytes, into: &buffer)
        switch layout {
        case .rgba:
            return RGBAImage(width: canvasSize.width, height: canvasSize.height, pixels: buffer)
        case .yuv(let converter):
            return unsafe buffer.withUnsafeBytes { unsafe converter.convert($0) }
        }
    }

    func forEachFrame(_ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws {
        for index in offsets.indices { try body(index, try frame(at: index)) }
    }
}
