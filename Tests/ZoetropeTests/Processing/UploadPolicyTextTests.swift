import Testing
@testable import Zoetrope

@Suite("Upload policy text")
struct UploadPolicyTextTests {
    @Test("items override the default policy; suffixes, areas and durations are read exactly")
    func readsItems() throws {
        let policy = try UploadPolicy(parsing: "bytes=8MiB, frames=2k,canvas=1920x1080,pixels=100M,duration=1.5s,side=none,damage=allow")
        #expect(policy.maxFileBytes == 8 << 20)
        #expect(policy.maxFrameCount == 2000)
        #expect(policy.maxCanvasPixels == 1920 * 1080)
        #expect(policy.maxTotalPixels == 100_000_000)
        #expect(policy.maxTotalDuration == .milliseconds(1500))
        #expect(policy.maxSide == nil)
        #expect(policy.allowsDamage)
    }

    @Test("unlimited starts from no limits; an empty text and 'default' are the default policy")
    func startingPoints() throws {
        var expected = UploadPolicy.unlimited
        expected.maxFrameCount = 100
        #expect(try UploadPolicy(parsing: "unlimited,frames=100") == expected)
        #expect(try UploadPolicy(parsing: "") == .default)
        #expect(try UploadPolicy(parsing: "default") == .default)
        #expect(try UploadPolicy(parsing: "duration=250ms").maxTotalDuration == .milliseconds(250))
        #expect(try UploadPolicy(parsing: "duration=2min").maxTotalDuration == .seconds(120))
    }

    @Test("the description reads back as the same policy")
    func roundTrip() throws {
        for policy in [UploadPolicy.default, .unlimited,
                       UploadPolicy(maxFileBytes: 1000, maxTotalDuration: .milliseconds(1234), allowsDamage: true)] {
            #expect(try UploadPolicy(parsing: policy.description) == policy)
        }
        #expect(UploadPolicy.default.description
            == "bytes=32MiB,side=8192,canvas=16777216,frames=1000,pixels=268402689,duration=600s,damage=refuse")
    }

    @Test("unreadable items are refused with the item named", arguments: [
        "frames", "frames=many", "frames=-1", "size=10", "bytes=99999999999999999999", "duration=fast",
        "damage=maybe", "canvas=10x", "pixels=9999999999Gi",
    ])
    func refusesUnreadable(_ text: String) {
        #expect {
            _ = try UploadPolicy(parsing: text)
        } throws: { error in
            let error = error as? ZoetropeError
            return error?.kind == .invalidArgument && error?.message.contains("'\(text)'") == true
        }
    }
}
