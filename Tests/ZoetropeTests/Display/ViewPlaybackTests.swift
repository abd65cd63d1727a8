import Testing
@testable import Zoetrope

@Suite("View playback: visibility and settings")
struct ViewPlaybackTests {
    /// A view's playback of four 100 ms frames on a manual clock, following its own app activity.
    private struct Fixture {
        let harness: PlaybackHarness
        let activity = ApplicationActivity()
        let playback: ViewPlayback
        var animator: Animator { harness.animator }

        init(playCount: PlayCount = .infinite) throws {
            harness = try PlaybackHarness(CountingImage(milliseconds: [100, 100, 100, 100], playCount: playCount))
            playback = ViewPlayback(animator: harness.animator, activity: activity)
        }
    }

    @Test("play out of a window waits for the window")
    func playWaitsForWindow() throws {
        let f = try Fixture()
        f.playback.play()
        #expect(!f.animator.isPlaying && !f.playback.isVisible)
        f.playback.setInWindow(true)
        #expect(f.animator.isPlaying)
    }

    @Test("leaving the window pauses where it is; coming back resumes from there")
    func leaveAndReturn() throws {
        let f = try Fixture()
        f.playback.setInWindow(true)
        f.playback.play()
        f.harness.tick(milliseconds: 150)
        #expect(f.animator.currentFrame == 1)
        f.playback.setInWindow(false)
        #expect(!f.animator.isPlaying)
        f.harness.tick(milliseconds: 900) // a paused animator's clock delivers nothing
        #expect(f.animator.currentFrame == 1)
        f.playback.setInWindow(true)
        #expect(f.animator.isPlaying)
        f.harness.tick(milliseconds: 940) // measured from the resume: 150 + 40 ms played
        #expect(f.animator.currentFrame == 1)
        f.harness.tick(milliseconds: 960) // 210 ms
        #expect(f.animator.currentFrame == 2)
    }

    @Test("hidden, out of the window, or in the background: all three must clear before resuming")
    func everyConditionCounts() throws {
        let f = try Fixture()
        f.playback.setInWindow(true)
        f.playback.play()
        f.playback.setHidden(true)
        f.activity.setActive(false)
        #expect(!f.animator.isPlaying)
        f.playback.setHidden(false)
        #expect(!f.animator.isPlaying)
        f.activity.setActive(true)
        #expect(f.animator.isPlaying)
    }

    @Test("the app going to the background pauses every view that follows it")
    func background() throws {
        let first = try Fixture()
        let second = try PlaybackHarness(CountingImage(milliseconds: [100, 100]))
        let other = ViewPlayback(animator: second.animator, activity: first.activity)
        for playback in [first.playback, other] {
            playback.setInWindow(true)
            playback.play()
        }
        #expect(first.activity.followerCount == 2)
        first.activity.setActive(false)
        #expect(!first.animator.isPlaying && !second.animator.isPlaying)
        first.activity.setActive(true)
        #expect(first.animator.isPlaying && second.animator.isPlaying)
    }

    @Test("a view made while the app is in the background starts paused")
    func madeInBackground() throws {
        let f = try Fixture()
        f.activity.setActive(false)
        let late = ViewPlayback(animator: f.animator, activity: f.activity)
        late.setInWindow(true)
        #expect(!late.isVisible)
    }

    @Test("what the app paused, or what finished, is not resumed")
    func onlyOwnPausesResume() throws {
        let f = try Fixture(playCount: .finite(1))
        f.playback.setInWindow(true)
        f.playback.play()
        f.playback.setInWindow(false)
        f.playback.pause() // the app pauses while the view is away
        f.playback.setInWindow(true)
        #expect(!f.animator.isPlaying)

        f.playback.play()
        for time in [10, 20, 30, 1000] { f.harness.tick(milliseconds: time) } // the single play ends
        #expect(f.animator.isFinished)
        f.playback.setInWindow(false)
        f.playback.setInWindow(true)
        #expect(!f.animator.isPlaying && f.animator.currentFrame == 3)
    }

    @Test("prepareForReuse lets go of the frames; the next image plays only when asked")
    func prepareForReuse() throws {
        let f = try Fixture()
        f.playback.setInWindow(true)
        f.playback.play()
        f.harness.tick(milliseconds: 150)
        #expect(f.animator.currentFrame == 1 && f.animator.activeFrame != nil)
        f.playback.setInWindow(false) // a cell scrolled away: paused, to resume when back
        f.playback.prepareForReuse()
        #expect(f.animator.image == nil && f.animator.status == nil)
        #expect(f.animator.frameCount == 0 && f.animator.activeFrame == nil && !f.animator.isPlaying)

        try f.animator.prepare(CountingImage(milliseconds: [100, 100]))
        f.playback.setInWindow(true) // reused and back on screen: the old resume is forgotten
        #expect(!f.animator.isPlaying)
        f.playback.play()
        #expect(f.animator.isPlaying && f.animator.frameCount == 2)

        f.playback.setInWindow(false)
        f.playback.pause()
        f.playback.play() // asked to play while away ...
        f.playback.prepareForReuse() // ... then reused before coming back
        try f.animator.prepare(CountingImage(milliseconds: [100, 100]))
        f.playback.setInWindow(true)
        #expect(!f.animator.isPlaying)
    }

    @Test("settings apply what changed; the same settings do not restart a finished animation")
    func settings() throws {
        let f = try Fixture(playCount: .finite(1))
        f.playback.setInWindow(true)
        f.playback.apply(PlaybackSettings(style: PlaybackStyle(rate: 2, mode: .bounce)))
        #expect(f.animator.isPlaying && f.animator.rate == 2 && f.animator.mode == .bounce)
        // At rate 2, 60 ms of clock time is 120 ms of playback: frame 1.
        for time in [10, 20, 30, 60] { f.harness.tick(milliseconds: time) }
        #expect(f.animator.currentFrame == 1)
        f.harness.tick(milliseconds: 1000) // one bounce (600 ms) ends at 1.2 s of playback
        #expect(f.animator.isFinished && f.animator.currentFrame == 0)
        f.playback.apply(PlaybackSettings(style: PlaybackStyle(rate: 2, mode: .bounce)))
        #expect(!f.animator.isPlaying)
        f.playback.apply(PlaybackSettings(isPlaying: false, style: PlaybackStyle(rate: 2, mode: .bounce)))
        f.playback.apply(PlaybackSettings(isPlaying: true, style: PlaybackStyle(rate: 0.5, mode: .bounce, playCount: .finite(2))))
        #expect(f.animator.isPlaying && f.animator.playCount == .finite(2) && f.animator.rate == 0.5)
    }
}
