import Testing
@testable import Zoetrope
import ZoetropeTesting

/// The system's Animated Images and Reduce Motion settings: what plays by itself, what waits for a
/// person's request, in views (``ViewPlayback``) and surface attachments.
@Suite("Motion settings: Animated Images and Reduce Motion")
struct MotionSettingsTests {
    static let animatedImagesOff = MotionSettings(playsAnimatedImages: false)

    /// A visible view's playback of four 100 ms frames on a manual clock, following its own activity.
    private struct Fixture {
        let harness: PlaybackHarness
        let activity = ApplicationActivity()
        let playback: ViewPlayback
        var animator: Animator { harness.animator }

        init(motion: MotionSettings = MotionSettings()) throws {
            harness = try PlaybackHarness(CountingImage(milliseconds: [100, 100, 100, 100], playCount: .infinite))
            activity.setMotion(motion)
            playback = ViewPlayback(animator: harness.animator, activity: activity)
            playback.setInWindow(true)
        }
    }

    @Test("autoplay needs Animated Images on and Reduce Motion off; a person's request always plays",
          arguments: [(true, false, true), (false, false, false), (true, true, false), (false, true, false)])
    func decision(playsAnimatedImages: Bool, reducesMotion: Bool, autoplays: Bool) {
        let motion = MotionSettings(playsAnimatedImages: playsAnimatedImages, reducesMotion: reducesMotion)
        #expect(motion.allowsAutoplay == autoplays)
        #expect(motion.allowsPlaying(requested: false) == autoplays)
        #expect(motion.allowsPlaying(requested: true))
    }

    @Test("with Animated Images off a view stays on its first frame until a person asks to play")
    func posterUntilRequested() throws {
        let f = try Fixture(motion: Self.animatedImagesOff)
        f.playback.play()
        f.harness.tick(milliseconds: 250)
        #expect(!f.animator.isPlaying && f.animator.currentFrame == 0)
        f.playback.playOnRequest()
        #expect(f.animator.isPlaying)
        f.harness.tick(milliseconds: 400)
        #expect(f.animator.currentFrame == 1)
        f.playback.pause()          // the request ends with a pause
        f.playback.play()
        #expect(!f.animator.isPlaying)
    }

    @Test("Reduce Motion alone holds autoplay back too")
    func reduceMotion() throws {
        let f = try Fixture(motion: MotionSettings(reducesMotion: true))
        f.playback.play()
        #expect(!f.animator.isPlaying)
    }

    @Test("turning Animated Images off goes back to the first frame; turning it on plays again")
    func settingChanges() throws {
        let f = try Fixture()
        f.playback.play()
        f.harness.tick(milliseconds: 150)
        #expect(f.animator.currentFrame == 1)
        f.activity.setMotion(Self.animatedImagesOff)
        #expect(!f.animator.isPlaying && f.animator.currentFrame == 0)
        f.activity.setMotion(MotionSettings())
        #expect(f.animator.isPlaying)
    }

    @Test("a played-on-request animation keeps playing when the setting turns off")
    func requestSurvivesSettingChange() throws {
        let f = try Fixture()
        f.playback.playOnRequest()
        f.activity.setMotion(Self.animatedImagesOff)
        #expect(f.animator.isPlaying)
    }

    @Test("a view's own settings (SwiftUI's environment) win over the system's")
    func viewSettingsWin() throws {
        let f = try Fixture(motion: Self.animatedImagesOff)
        f.playback.setMotion(MotionSettings())
        f.playback.play()
        #expect(f.animator.isPlaying)
        f.activity.setMotion(Self.animatedImagesOff)
        #expect(f.animator.isPlaying && f.playback.motion == MotionSettings())
    }

    @Test("a new view takes the activity's current settings")
    func registrationCarriesSettings() throws {
        let f = try Fixture(motion: Self.animatedImagesOff)
        #expect(f.playback.motion == Self.animatedImagesOff && f.activity.motion == Self.animatedImagesOff)
    }

    @Test("declarative settings: the first isPlaying is autoplay, a later false → true is a request")
    func declarativeRequest() throws {
        let f = try Fixture(motion: Self.animatedImagesOff)
        f.playback.apply(PlaybackSettings(isPlaying: true))
        #expect(!f.animator.isPlaying)
        f.playback.apply(PlaybackSettings(isPlaying: false))
        f.playback.apply(PlaybackSettings(isPlaying: true))
        #expect(f.animator.isPlaying)
    }

    @Test("surface attachments: poster with Animated Images off, played on request until scrolled out")
    func surfaceAttachments() {
        let scheduler = ManualDecodeScheduler()
        let surface = AnimationSurface(cache: SharedFrameCache(byteLimit: 1 << 30, scheduler: scheduler), clock: ManualClock())
        surface.playsAnimatedImages = false
        let attachment = surface.makeAttachment(image: AnimationSurfaceTests.image(), size: AnimationSurfaceTests.attachmentSize)
        attachment.setVisible(true)
        #expect(attachment.presentation == .poster && !attachment.animator.isPlaying)
        attachment.playOnRequest()
        #expect(attachment.presentation == .playing && attachment.animator.isPlaying)
        attachment.setVisible(false)
        attachment.setVisible(true)
        #expect(attachment.presentation == .poster)
        surface.playsAnimatedImages = true
        #expect(attachment.presentation == .playing)
        surface.reducesMotion = true
        #expect(attachment.presentation == .poster && surface.playsAnimatedImages)
    }
}
