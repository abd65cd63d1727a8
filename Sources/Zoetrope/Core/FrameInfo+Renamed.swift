// The names of Zoetrope 1's frame timing, before the glossary settled on one word per concept
// (duration, not delay): kept so that clients keep compiling, with a fix-it to the new name.

extension FrameInfo {
    /// The duration the frame is shown for: renamed ``duration``.
    @available(*, deprecated, renamed: "duration")
    public var delay: Duration {
        get { duration }
        set { duration = newValue }
    }

    /// The duration as stored in the file: renamed ``storedDuration``.
    @available(*, deprecated, renamed: "storedDuration")
    public var storedDelay: Duration? {
        get { storedDuration }
        set { storedDuration = newValue }
    }

    /// Creates a frame table entry: renamed
    /// ``init(rect:disposal:storedDisposal:blend:hasTransparency:isInterlaced:storedDuration:duration:offset:compression:)``.
    @available(*, deprecated,
               renamed: "init(rect:disposal:storedDisposal:blend:hasTransparency:isInterlaced:storedDuration:duration:offset:compression:)")
    public init(rect: PixelRect, disposal: FrameDisposal, storedDisposal: Int, blend: FrameBlend,
                hasTransparency: Bool, isInterlaced: Bool = false, storedDelay: Duration?,
                delay: Duration, offset: Int, compression: FrameCompression = .lzw) {
        self.init(rect: rect, disposal: disposal, storedDisposal: storedDisposal, blend: blend,
                  hasTransparency: hasTransparency, isInterlaced: isInterlaced, storedDuration: storedDelay,
                  duration: delay, offset: offset, compression: compression)
    }
}

extension FrameTiming {
    /// The duration to show a frame whose stored duration is `stored`: renamed
    /// ``effectiveDuration(_:)``.
    @available(*, deprecated, renamed: "effectiveDuration(_:)")
    public func effectiveDelay(_ stored: Duration?) -> Duration { effectiveDuration(stored) }
}
