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
}
