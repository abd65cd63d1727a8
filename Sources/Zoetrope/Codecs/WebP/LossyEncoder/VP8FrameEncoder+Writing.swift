/// The end of a frame's encoding: final token probabilities from the exact counts of the
/// recorded tokens, the per-macroblock skip flag when it costs less than coding empty
/// macroblocks' end-of-block tokens, the loop-filter levels raised for blocky macroblocks, and
/// the bitstream.
extension VP8FrameEncoder {
    /// The frame, or nil when its first partition is too large.
    func write(segments: [VP8Segment]) -> [UInt8]? {
        var writer = unsafe VP8FrameWriter(width: planes.width, height: planes.height)
        let partitions: [[UInt8]]
        if let coders = unsafe tokenCoders {
            // Method 0: the probabilities were chosen on the way, the tokens are coded.
            let emptyCount = unsafe modes.reduce(0) { $0 + ($1.skipsCoefficients ? 1 : 0) }
            writer.skipProbability = unsafe skipsEmpty ? Self.skipProbability(emptyCount: emptyCount, total: modes.count) : nil
            partitions = unsafe coders.map { coder in
                var encoder = unsafe coder.encoder
                return encoder.finish()
            }
        } else {
            writer.skipProbability = unsafe chooseTokenProbabilities(macroblocks: columns * rows)
            partitions = unsafe buffers.enumerated().map { index, buffer in
                var encoder = unsafe VP8BoolEncoder(reservingCapacity: buffer.count / 4)
                unsafe buffer.emit(into: &encoder, probabilities: model.probabilities,
                                   skipping: writer.skipProbability != nil ? emptyRanges[index] : [])
                return encoder.finish()
            }
        }
        var segments = segments
        writer.filter.isSimple = unsafe settings.usesSimpleFilter
        writer.filter.sharpness = unsafe settings.filterSharpness
        writer.filter.level = unsafe adjustFilterLevels(&segments)
        writer.baseQuantizer = unsafe setup.baseQuantizer
        writer.deltas = unsafe setup.deltas
        writer.segmentation = unsafe segmentation(segments)
        if writer.segmentation.isEnabled && !writer.segmentation.updatesMap {
            for i in unsafe modes.indices { unsafe modes[i].segment = 0 }
        }
        let first = unsafe writer.firstPartition(probabilities: model.probabilities, partitionCount: settings.partitionCount,
                                          columns: columns, modes: modes, subblockModes: subblockModes)
        unsafe writtenHeader = writer
        return writer.assemble(firstPartition: first, tokenPartitions: partitions)
    }

    /// Sets the model's probabilities for the coding from the tokens recorded (of the first
    /// `total` macroblocks), and decides the skip flag: returns its probability when macroblocks
    /// without levels are skipped.
    func chooseTokenProbabilities(macroblocks total: Int) -> UInt8? {
        let emptyCount = unsafe emptyRanges.reduce(0) { $0 + $1.count }
        let withEnds = unsafe model.recordedCounts()
        let costWithEnds = unsafe model.adapt(toCounts: withEnds)
        guard emptyCount > 0 else { return nil }
        let skipProbability = unsafe Self.skipProbability(emptyCount: emptyCount, total: total)
        let flagCost = emptyCount * VP8CostTables.bitCost(true, skipProbability)
            + (total - emptyCount) * VP8CostTables.bitCost(false, skipProbability) + 8 * 256
        var skipping = withEnds
        for unsafe (partition, buffer) in unsafe buffers.enumerated() { unsafe buffer.subtractCounts(from: &skipping, within: emptyRanges[partition]) }
        let costSkipping = unsafe model.adapt(toCounts: skipping)
        if costSkipping + flagCost < costWithEnds { return skipProbability }
        unsafe model.adapt(toCounts: withEnds)
        return nil
    }

    /// The probability of "has levels" in the skip flag's coding.
    static func skipProbability(emptyCount: Int, total: Int) -> UInt8 {
        UInt8(min(max((total - emptyCount) * 255 / total, 1), 255))
    }

    /// Raises each segment's filter level to what its blockiest 16×16 macroblock needs; returns
    /// the frame's level (the highest).
    private func adjustFilterLevels(_ segments: inout [VP8Segment]) -> Int {
        guard unsafe settings.filterStrength > 0 else { return unsafe setup.filterLevel }
        var highest = 0
        for n in 0..<4 {
            let delta = unsafe (segments[n].maximumEdge * Int(segments[n].secondOrder.step[1])) >> 3
            let level = unsafe VP8FrameSetup.filterLevel(forEdge: delta, sharpness: settings.filterSharpness)
            segments[n].filterLevel = max(segments[n].filterLevel, level)
            highest = max(highest, segments[n].filterLevel)
        }
        return highest
    }

    /// The segment header: absolute quantisers and filter levels, and the map's probabilities.
    private func segmentation(_ segments: [VP8Segment]) -> VP8Segmentation {
        var segmentation = VP8Segmentation()
        guard unsafe setup.segmentCount > 1 else { return segmentation }
        segmentation.isEnabled = true
        segmentation.isAbsolute = true
        segmentation.quantizer = segments.map(\.quantizer)
        segmentation.filterLevel = segments.map(\.filterLevel)
        var counts = [0, 0, 0, 0]
        for macroblock in unsafe modes { counts[macroblock.segment] += 1 }
        func probability(_ a: Int, _ b: Int) -> UInt8 { a + b == 0 ? 255 : UInt8((255 * a + (a + b) / 2) / (a + b)) }
        segmentation.mapProbabilities = [probability(counts[0] + counts[1], counts[2] + counts[3]),
                                         probability(counts[0], counts[1]), probability(counts[2], counts[3])]
        segmentation.updatesMap = segmentation.mapProbabilities != [255, 255, 255]
        return segmentation
    }
}
