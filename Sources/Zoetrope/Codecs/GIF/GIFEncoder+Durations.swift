// The frame durations the encoder stores, as a decoder reads them back (a GIF holds hundredths of a second, so 16 ms is stored as 20 ms).
// The command warns when a conversion changes timing this way.

extension GIFEncoder {
    /// The duration a GIF written by ``GIFEncoder`` stores for `duration`: the nearest whole
    /// hundredth of a second, at most 655.35 s.
    package static func storedDuration(_ duration: Duration) -> Duration {
        .milliseconds(GIFPalettizer.centiseconds(duration) * 10)
    }
}
