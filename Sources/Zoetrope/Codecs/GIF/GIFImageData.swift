/// One frame's LZW data, gathered from its sub-blocks into one contiguous run of bytes.
struct GIFImageData {
    /// The LZW bytes without the sub-block length bytes.
    var bytes: [UInt8] = []
    /// Whether the file ended before the sub-block chain's terminator.
    var isTruncated = false
    /// Start of each sub-block's data: (offset in ``bytes``, offset in the file).
    private var blockStarts: [(data: Int, file: Int)] = []
    /// Offset of the first sub-block's length byte.
    private let startOffset: Int

    /// Gathers the sub-blocks starting at `offset` in `file`, which the parser found to end at
    /// `endOffset`. The walk is bounded by the file.
    init(file: ByteView, offset: Int, endOffset: Int) {
        startOffset = offset
        var position = offset
        bytes.reserveCapacity(max(0, endOffset - offset))
        // One start per sub-block of at most 255 bytes after its length byte.
        blockStarts.reserveCapacity(max(0, endOffset - offset) / 256 + 1)
        while position < file.count {
            let length = Int(file[position])
            position += 1
            if length == 0 { return }
            let end = min(position + length, file.count)
            blockStarts.append((bytes.count, position))
            unsafe bytes.append(contentsOf: file[position..<end].buffer)
            position = end
        }
        isTruncated = true
    }

    /// The file offset of byte `index` of ``bytes`` (for error reports).
    func fileOffset(of index: Int) -> Int {
        guard let block = blockStarts.last(where: { $0.data <= index }) else { return startOffset }
        return block.file + (index - block.data)
    }
}
