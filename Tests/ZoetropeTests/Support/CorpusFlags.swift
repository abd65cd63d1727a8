import Testing

/// What the manifest's `flags` mean for comparisons (corpus README, "flags"): the frames whose pixels
/// are implementation-defined. A flagged frame changes the canvas every later frame is drawn on, so
/// a flag makes its first frame and every frame after it informational; the frames before it must
/// still match the reference.
extension Corpus.Entry {
    /// Flags that describe pixels (`partial_alpha_over_blend` is covered by `tolerance`; LZW data that
    /// ends early has a defined result under the GIF rules, so `lzw_incomplete_frames` and the
    /// `lzw_status_N` notes mark no frame).
    static let knownFlags: Set<String> = ["partial_alpha_over_blend", "frame_outside_canvas",
                                          "index_outside_palette_frames", "palette_index_out_of_range",
                                          "lzw_incomplete_frames", "reserved_disposal"]

    /// Whether a flag name is one the suites understand (`lzw_status_N` carries frame N's LZW note).
    static func isKnownFlag(_ name: String) -> Bool {
        knownFlags.contains(name) || name.hasPrefix("lzw_status_")
    }

    /// The first frame whose pixels the flags make implementation-defined, or `nil` when every frame
    /// must match.
    var firstImplementationDefinedFrame: Int? {
        var first: Int?
        for (name, value) in flags ?? [:] {
            guard let frame = firstFrame(flaggedBy: name, value) else { continue }
            first = min(first ?? frame, frame)
        }
        return first
    }

    private func firstFrame(flaggedBy name: String, _ value: Corpus.FlagValue) -> Int? {
        if case .bool(false) = value { return nil }
        let frames = container?.frames ?? []
        switch name {
        case "index_outside_palette_frames":
            if case .frames(let list) = value { return list.min() }
            return 0
        case "palette_index_out_of_range":
            return 0
        case "frame_outside_canvas":
            // The first frame reaching past the canvas (all of them when the manifest does not say).
            return frames.firstIndex { $0.x + $0.w > width ?? 0 || $0.y + $0.h > height ?? 0 } ?? 0
        case "reserved_disposal":
            // The frame after the first reserved disposal (4–7) is drawn on an undefined canvas.
            return frames.firstIndex { ($0.disposal ?? 0) >= 4 }.map { $0 + 1 } ?? 0
        default:
            return nil
        }
    }
}
