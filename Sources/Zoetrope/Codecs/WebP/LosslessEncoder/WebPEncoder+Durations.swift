// The frame durations the encoder stores, as a decoder reads them back (a WebP holds whole milliseconds).
// The command warns when a conversion changes timing this way.

extension WebPEncoder {
    /// The duration a WebP animation written by ``WebPEncoder`` stores for `duration`: whole
    /// milliseconds (rounded), at most 2²⁴ − 1.
    package static func storedDuration(_ duration: Duration) -> Duration {
        .milliseconds(milliseconds(duration))
    }
}
