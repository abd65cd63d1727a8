/// A clock tick, and frames arriving for an image still being received, as transitions of the
/// animator's state. A tick runs in two steps around one call to the cache made with no lock
/// held: ``planTick(_:)`` names the frames the cursor may land on, the cache says which of them
/// are decoded (``FrameSnapshot``), and ``finishTick(_:plan:found:)`` moves the cursor.
extension AnimatorState {
    /// The frames a tick may land on, or `nil` when nothing plays.
    func planTick(_ tick: ClockTick) -> TickPlan? {
        guard isPlaying, let loaded else { return nil }
        let candidates = loaded.cursor.framesReached(by: playbackTime(tick.interval), policy: configuration.lateness)
        var plan = TickPlan(image: loaded.image, candidates: candidates, version: version)
        if startup != nil {
            plan.startupFrames = startupFrames(of: loaded)
        }
        return plan
    }

    /// The frames a held start waits for (``StartupHold``): the next ones, within the prefetch
    /// window; while other clients of the cache hold their start too, as many as cover the policy's
    /// cover.
    func startupFrames(of loaded: Loaded) -> [Int] {
        let window = loaded.window
        var policy = configuration.startup
        if loaded.othersStarting < 1 { policy.cover = .zero }
        let limit = policy.cover > .zero ? max(window.window, window.target) : window.window
        return StartupHold.frames(upcoming: loaded.cursor.upcomingFrames(limit: limit), window: window.window,
                                  durations: loaded.cursor.durations, policy: policy)
    }

    /// The playback time `interval` of wall-clock time carries at the current rate.
    private func playbackTime(_ interval: Duration) -> Duration {
        interval * configuration.style.effectiveRate
    }

    /// Moves playback by `tick` onto the frames `found` decoded (a broken frame counts as there:
    /// the previous picture stays for its time). `nil` when the cursor changed since `plan` was
    /// made: plan again.
    mutating func finishTick(_ tick: ClockTick, plan: TickPlan, found: FrameSnapshot) -> AnimatorEffects? {
        guard version == plan.version else { return nil }
        var effects = AnimatorEffects()
        guard isPlaying, var loaded, loaded.image === plan.image else { return effects }
        now = tick.timestamp
        loaded.decodeTime = found.decodeTime
        loaded.othersStarting = found.startingClients - (loaded.toldStarting ? 1 : 0)
        guard let played = playedInterval(of: tick, plan: plan, found: found, loaded: loaded) else {
            effects.request = prefetch(&loaded, missed: false) // the first frame is held: the buffer fills
            self.loaded = loaded
            return effects
        }
        let shown = activeIndex
        let (events, notReady) = loaded.cursor.advance(by: playbackTime(played), policy: configuration.lateness) { index in
            index == shown || found.frames[index]?.isSettled == true
        }
        let missed = notReady != nil && waitingFor != notReady
        if missed { bufferMisses += 1 }
        waitingFor = notReady
        effects.events = events.filter { $0 != .finished }
        let cursor = loaded.cursor
        effects.request = prefetch(&loaded, missed: missed)
        self.loaded = loaded
        if cursor.frame != shown { land(on: cursor, found.frames[cursor.frame], effects: &effects) }
        if cursor.isFinished {
            effects.events.append(.finished)
            isPlaying = false
            effects.stopClock = true
        }
        version &+= 1
        return effects
    }

    /// The wall-clock time of `tick` that plays: all of it once playback has started; while it
    /// holds its first frame (``StartupHold``), `nil` until the frames it waits for are decoded (or
    /// broken) or the deadline passes, when the hold is dropped.
    private mutating func playedInterval(of tick: ClockTick, plan: TickPlan, found: FrameSnapshot,
                                         loaded: Loaded) -> Duration? {
        guard var hold = startup else { return tick.interval }
        // Planned before the cache said how many start now: what the hold waits for may have grown.
        let waited = Set(plan.startupFrames).union(startupFrames(of: loaded))
        let buffered = waited.allSatisfy { found.frames[$0]?.isSettled == true }
        let cursor = loaded.cursor
        let deadline = StartupHold.deadline(firstDuration: cursor.durations[cursor.frame],
                                            rate: configuration.style.effectiveRate)
        let played = hold.start(buffered: buffered, interval: tick.interval, deadline: deadline)
        startup = played == nil ? hold : nil
        return played
    }

    /// The cursor moved onto a new frame: it shows, or when it is broken the picture before stays
    /// (the frame's index is current) and the failure is announced.
    private mutating func land(on cursor: PlaybackCursor, _ lookup: FrameLookup?, effects: inout AnimatorEffects) {
        switch lookup {
        case .ready(let frame):
            show(frame, index: cursor.frame)
            effects.events.append(.frameChanged(frame: cursor.frame, play: cursor.loop))
        case .failed(let error):
            activeIndex = cursor.frame
            effects.events += failed(cursor.frame, error)
        case .missing, nil:
            activeIndex = cursor.frame
        }
    }

    // MARK: Frames arriving

    /// The image whose frames may still arrive and the durations of those known, or `nil` when the
    /// frames loaded are complete (or nothing plays).
    var arrivalsToCheck: (image: any AnimatableImage, known: [Duration])? {
        guard isPlaying, let loaded, !loaded.cursor.isComplete else { return nil }
        return (loaded.image, loaded.cursor.durations)
    }

    /// Follows `frames`, read from `image` after `known` frames were known: playback carries on
    /// over the frames known now, at the same frame; once they are complete, the style's mode and
    /// plays apply. An image whose frame table shrank (an APNG falling back to its still image)
    /// jumps to its frame. Nothing changes when the cursor moved on to other frames meanwhile.
    mutating func follow(_ frames: ImageFrames, of image: any AnimatableImage, known: Int) -> AnimatorEffects {
        var effects = AnimatorEffects()
        guard var loaded, loaded.image === image, loaded.cursor.frontier == known,
              !loaded.cursor.isComplete, frames.count > 0 else { return effects }
        let style = configuration.style
        let cursor = loaded.cursor.resumed(durations: frames.durations, isComplete: frames.isComplete, mode: style.mode,
                                           plays: style.plays(imageCount: frames.playCount))
        loaded.imagePlayCount = frames.playCount
        loaded.window.resize(frameCount: frames.count, bytesPerFrame: frames.bytesPerFrame)
        self.loaded = loaded
        if frames.count < known {
            move(to: cursor, effects: &effects)
        } else {
            self.loaded?.cursor = cursor
            version &+= 1
        }
        return effects
    }
}
