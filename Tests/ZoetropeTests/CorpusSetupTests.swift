import Foundation
import Testing

@Suite("Corpus setup")
struct CorpusSetupTests {
    @Test("SHA-256 matches the FIPS 180-4 examples")
    func sha256KnownAnswers() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("the corpus named by ZOETROPE_CORPUS exists and has a manifest",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage))
    func corpusIsPresent() throws {
        let entries = try Corpus.entries()
        #expect(!entries.isEmpty)
    }

    @Test("every manifest entry belongs to a conformance suite, with an expect value and flags the suites know",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage))
    func manifestIsCovered() throws {
        let entries = try Corpus.entries()
        // The GIF, PNG/APNG and WebP suites together run exactly these formats.
        let suites: Set<String> = ["gif", "png", "apng", "webp"]
        #expect(try Corpus.rawEntryCount(formats: suites) == entries.count)
        for entry in entries {
            #expect(suites.contains(entry.format), "\(entry.path): format \(entry.format) has no suite")
            #expect(CorpusChecks.expectations.contains(entry.expect), "\(entry.path): expect '\(entry.expect)'")
            for name in (entry.flags ?? [:]).keys {
                #expect(Corpus.Entry.isKnownFlag(name), "\(entry.path): unknown flag \(name)")
            }
        }
    }

    @Test("flags make frames informational from the first flagged one on")
    func flaggedFrames() throws {
        let decoder = JSONDecoder()
        func entry(_ json: String) throws -> Corpus.Entry {
            try decoder.decode(Corpus.Entry.self, from: Data(json.utf8))
        }
        let base = #""path":"x","category":"gif","format":"gif","expect":"any","width":10,"height":10"#
        #expect(try entry("{\(base)}").firstImplementationDefinedFrame == nil)
        #expect(try entry(#"{\#(base),"flags":{"index_outside_palette_frames":[3,1]}}"#).firstImplementationDefinedFrame == 1)
        #expect(try entry(#"{\#(base),"flags":{"lzw_incomplete_frames":[0],"lzw_status_0":"short"}}"#)
            .firstImplementationDefinedFrame == nil)
        let frames = #""container":{"frames":[{"x":0,"y":0,"w":10,"h":10,"disposal":5},{"x":5,"y":0,"w":6,"h":2,"disposal":0}]}"#
        #expect(try entry(#"{\#(base),\#(frames),"flags":{"frame_outside_canvas":true}}"#).firstImplementationDefinedFrame == 1)
        #expect(try entry(#"{\#(base),\#(frames),"flags":{"reserved_disposal":true}}"#).firstImplementationDefinedFrame == 1)
        #expect(try entry(#"{\#(base),"flags":{"palette_index_out_of_range":true}}"#).firstImplementationDefinedFrame == 0)
        #expect(try entry(#"{\#(base),"flags":{"palette_index_out_of_range":false}}"#).firstImplementationDefinedFrame == nil)
    }
}
