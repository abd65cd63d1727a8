/// The frame durations the encoders store, as a decoder reads them back: each format has its own
/// unit, so a duration may come back changed (a GIF holds hundredths of a second, so 16 ms is
/// stored as 20 ms). The command warns when a conversion changes timing this way.
extension GIFEncoder {
    /// The duration a GIF written by ``GIFEncoder`` stores for `duration`: the nearest whole
    /// hundredth of a second, at most 655.35 s.
    package static func storedDuration(_ duration: Duration) -> Duration {
        .milliseconds(GIFPalettizer.centiseconds(duration) * 10)
    }
}

extension APNGEncoder {
    /// The duration an APNG written by ``APNGEncoder`` stores for `duration`: the 16-bit fraction
    /// it chooses, read back as the decoder reads `delay_num / delay_den`.
    package static func storedDuration(_ duration: Duration) -> Duration {
        let (numerator, denominator) = delayFraction(duration)
        return .nanoseconds(Int64(numerator) * 1_000_000_000 / Int64(max(1, denominator)))
    }
}

extension WebPEncoder {
    /// The duration a WebP animation written by ``WebPEncoder`` stores for `duration`: whole
    /// milliseconds (rounded), at most 2²⁴ − 1.
    package static func storedDuration(_ duration: Duration) -> Duration {
        .milliseconds(milliseconds(duration))
    }
}
