// The frame durations the encoder stores, as a decoder reads them back (an APNG holds a 16-bit fraction of a second).
// The command warns when a conversion changes timing this way.

extension APNGEncoder {
    /// The duration an APNG written by ``APNGEncoder`` stores for `duration`: the 16-bit fraction
    /// it chooses, read back as the decoder reads `delay_num / delay_den`.
    package static func storedDuration(_ duration: Duration) -> Duration {
        let (numerator, denominator) = delayFraction(duration)
        return .nanoseconds(Int64(numerator) * 1_000_000_000 / Int64(max(1, denominator)))
    }
}
